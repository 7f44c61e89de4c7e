import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  messageResponseSchema,
  type passwordResetConfirmSchema,
  passwordResetRequestResponseSchema,
  type passwordResetRequestSchema,
} from '../../../../modules/accounts/contract'
import { apiRequest } from '../../../lib/http'

export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (input: z.input<typeof passwordResetRequestSchema>) =>
      apiRequest('POST', '/api/password-reset/request', passwordResetRequestResponseSchema, input),
  })

export const useConfirmPasswordReset = () =>
  useMutation({
    mutationFn: (input: z.input<typeof passwordResetConfirmSchema>) => apiRequest('POST', '/api/password-reset/confirm', messageResponseSchema, input),
  })
