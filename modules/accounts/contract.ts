// Accounts' door for the browser: the forms' schemas with the spec's exact messages (000 §5, 001 §5).
import { z } from 'zod'
import { hasUnsafeCharacter, LANGUAGES, UNSAFE_CHARACTER_MESSAGE } from '../shared/contract'

const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`)
    .refine((text) => !hasUnsafeCharacter(text), UNSAFE_CHARACTER_MESSAGE)

/** Empty means "not given"; the screens send '' for untouched optional fields. */
const optionalText = <T extends z.ZodType<string>>(schema: T) => z.union([z.literal('').transform(() => undefined), schema]).optional()

const emailSchema = (message: string) => z.string().trim().max(254, message).email(message)

export const LANGUAGE_INVALID = `Language must be one of: ${LANGUAGES.join(', ')}`
const languageSchema = z.enum(LANGUAGES, { error: LANGUAGE_INVALID })

export const ROLE_OPTIONS = ['buyer', 'runner', 'both'] as const
export type Role = 'buyer' | 'runner'

/** 'both' is the landing cards' and onboarding's way of saying buyer and runner. */
export function expandRoles(roles: readonly string[]): Role[] {
  const chosen = new Set(roles.flatMap((role) => (role === 'both' ? ['buyer', 'runner'] : [role])))
  return (['buyer', 'runner'] as const).filter((role) => chosen.has(role))
}

const rolesSchema = (message: string) =>
  z
    .array(z.enum(ROLE_OPTIONS, { error: message }), { error: message })
    .min(1, message)
    .transform(expandRoles)

export const registerSchema = z
  .object({
    firstName: requiredText('First name is required', 100),
    lastName: requiredText('Last name is required', 100),
    email: optionalText(emailSchema('Please enter a valid email address')),
    phone: optionalText(z.string().trim().min(10, 'Phone number must be at least 10 digits').max(20, 'Please enter a valid US phone number')),
    password: z.string({ error: 'Password must be at least 8 characters' }).min(8, 'Password must be at least 8 characters').max(256, 'Password is too long'),
    /** The language the person signed up in: their first visit's choice follows them into the account. */
    language: languageSchema.optional(),
  })
  // Either field fixes it, so both are marked; the email comes first, as the spec's message names it.
  .superRefine((body, context) => {
    if (body.email || body.phone) return
    for (const field of ['email', 'phone']) context.addIssue({ code: 'custom', message: 'Either email or phone number is required', path: [field] })
  })

export const signupWithVerificationSchema = z.object({
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
  email: optionalText(emailSchema('Please enter a valid email address')),
  phone: z.string({ error: 'Phone number required' }).trim().min(10, 'Phone number must be at least 10 digits').max(20, 'Please enter a valid US phone number'),
  password: z.string({ error: 'Password must be at least 8 characters' }).min(8, 'Password must be at least 8 characters').max(256, 'Password is too long'),
  language: languageSchema.optional(),
})

export const loginSchema = z.object({
  emailOrPhone: requiredText('Email or phone is required', 254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256, 'Password is too long'),
})

const coordinateText = z.union([z.string().trim(), z.number()]).optional()

export const completeProfileSchema = z.object({
  /** The onboarding variant also collects an email, for accounts made with a phone only. */
  email: optionalText(emailSchema('Please enter a valid email address')),
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
  roles: rolesSchema('Select at least one role'),
  address: requiredText('Address is required'),
  city: requiredText('City is required', 100),
  state: requiredText('State is required', 50),
  zipCode: z.string({ error: 'Valid zip code is required' }).trim().min(5, 'Valid zip code is required').max(10, 'Valid zip code is required'),
  latitude: coordinateText,
  longitude: coordinateText,
})

/** The profile page's form (001 §5) and the onboarding variant (000 §5). */
export const updateProfileSchema = z.object({
  email: optionalText(emailSchema('Please enter a valid email address')),
  phone: z
    .string({ error: 'Phone number must be at least 10 digits' })
    .trim()
    .min(10, 'Phone number must be at least 10 digits')
    .max(20, 'Please enter a valid US phone number'),
  roles: rolesSchema('Please select at least one role'),
  address: requiredText('Address is required'),
  city: requiredText('City is required', 100),
  state: requiredText('State is required', 50),
  zipCode: z
    .string({ error: 'ZIP code must be at least 5 digits' })
    .trim()
    .min(5, 'ZIP code must be at least 5 digits')
    .max(10, 'ZIP code must be at least 5 digits'),
  latitude: coordinateText,
  longitude: coordinateText,
  language: languageSchema.optional(),
})

/** The language pickers (landing, account menu, Profile) change the language alone. */
export const languageChangeSchema = z.strictObject({ language: languageSchema })

/** PATCH /api/user/profile: the profile page's whole form, or the language alone. */
export const profileChangeSchema = z.union([languageChangeSchema, updateProfileSchema])
export type ProfileChange = z.infer<typeof profileChangeSchema>

/**
 * Which of the two a body is meant as: a picker's sends its language and nothing else. Checked
 * against that one alone, so a refusal names its field (a union's refusal names neither).
 */
export const profileChangeSchemaFor = (body: unknown) =>
  typeof body === 'object' && body !== null && Object.keys(body).length === 1 && 'language' in body ? languageChangeSchema : updateProfileSchema

export const addPhoneSchema = z.object({
  phone: z.string({ error: 'Phone number required' }).trim().min(1, 'Phone number required').max(20, 'Please enter a valid US phone number'),
})

export const passwordResetRequestSchema = z.object({
  emailOrPhone: requiredText('Email or phone is required', 254),
})

export const passwordResetConfirmSchema = z.object({
  token: requiredText('Reset token is required', 200),
  newPassword: z.string({ error: 'Password must be at least 6 characters' }).min(6, 'Password must be at least 6 characters').max(256, 'Password is too long'),
})

/** The reset form's own checks (000 §5): the confirmation must be present and match. */
export const passwordResetFormSchema = z
  .object({
    newPassword: z.string().min(6, 'Password must be at least 6 characters'),
    confirmPassword: z.string().min(6, 'Please confirm your password'),
  })
  .refine((form) => form.newPassword === form.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] })

/**
 * How far a phone is proven. 'verified': a code we sent, or Firebase, proved possession.
 * 'unconfirmed': the captcha fallback let the person carry on without an SMS; the number is
 * on file but proves nothing, so it claims nothing and opens no money or push features.
 */
export const PHONE_STATUSES = ['unverified', 'unconfirmed', 'verified'] as const
export type PhoneStatus = (typeof PHONE_STATUSES)[number]

// Answers (what the server sends; the web reads these types instead of restating them).

export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
  phoneStatus: z.enum(PHONE_STATUSES),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  roles: z.array(z.enum(['buyer', 'runner'])),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  emailVerified: z.boolean(),
  isProfileComplete: z.boolean(),
  language: z.enum(LANGUAGES),
  /** ISO time the account was made. */
  createdAt: z.string(),
})
export type PublicUser = z.infer<typeof publicUserSchema>

/** GET /api/auth/user (000 §3); sign-in answers add a message. */
export const currentUserResponseSchema = z.object({ user: publicUserSchema, requiresProfileCompletion: z.boolean() })
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>
/** GET /api/auth/session: the same, or no user (never a 401, which browsers log on every signed-out load). */
export const sessionResponseSchema = z.object({ user: publicUserSchema.nullable(), requiresProfileCompletion: z.boolean() })
export type SessionResponse = z.infer<typeof sessionResponseSchema>

export const signInResponseSchema = currentUserResponseSchema.extend({ message: z.string() })
export type SignInResponse = z.infer<typeof signInResponseSchema>

export const userResponseSchema = z.object({ message: z.string(), user: publicUserSchema })
export type UserResponse = z.infer<typeof userResponseSchema>

export const messageResponseSchema = z.object({ message: z.string() })
export type MessageResponse = z.infer<typeof messageResponseSchema>

/**
 * POST /api/password-reset/request. The keys never depend on whether the account exists.
 * Outside production the token and link come back for the screens' token entry; in
 * production, and for an unknown account, they are null.
 */
export const passwordResetRequestResponseSchema = z.object({
  message: z.string(),
  method: z.enum(['hybrid', 'link', 'fcm']),
  fcmSent: z.boolean(),
  resetToken: z.string().nullable(),
  resetUrl: z.string().nullable(),
})
export type PasswordResetRequestResponse = z.infer<typeof passwordResetRequestResponseSchema>

export const PASSWORD_RESET_REDIRECT_MS = 2000
export const PHONE_VERIFICATION_REQUIRED_REDIRECT_MS = 1500
export const PROFILE_COMPLETE_REDIRECT_MS = 1000
export const REGISTER_REDIRECT_MS = 100
export const VERIFIED_CONTINUE_REDIRECT_MS = 500
