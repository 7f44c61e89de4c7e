import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  MessageResponse,
  PasswordResetRequestResponse,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from '../../../../modules/accounts/contract'
import { apiRequest } from '../../../lib/http'

export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (input: z.input<typeof passwordResetRequestSchema>) => apiRequest<PasswordResetRequestResponse>('POST', '/api/password-reset/request', input),
  })

export const useConfirmPasswordReset = () =>
  useMutation({
    mutationFn: (input: z.input<typeof passwordResetConfirmSchema>) => apiRequest<MessageResponse>('POST', '/api/password-reset/confirm', input),
  })
