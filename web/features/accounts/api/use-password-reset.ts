import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/http'

export type ResetRequestResponse = {
  message: string
  method: 'hybrid' | 'link' | 'fcm'
  fcmSent?: boolean
  /** Outside production only, for the screens' token display and link. */
  resetToken?: string
  resetUrl?: string
}

export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (input: { emailOrPhone: string }) => apiRequest<ResetRequestResponse>('POST', '/api/password-reset/request', input) })

export const useConfirmPasswordReset = () =>
  useMutation({ mutationFn: (input: { token: string; newPassword: string }) => apiRequest<{ message: string }>('POST', '/api/password-reset/confirm', input) })
