import { Elysia } from 'elysia'
import { z } from 'zod'
import { clientAddress, type Geocoder, type ModuleDeps, validInput } from '../shared/index'
import {
  addPhoneSchema,
  completeProfileSchema,
  currentUserResponseSchema,
  loginSchema,
  messageResponseSchema,
  passwordResetConfirmSchema,
  passwordResetRequestResponseSchema,
  passwordResetRequestSchema,
  profileChangeSchema,
  profileChangeSchemaFor,
  registerSchema,
  sessionResponseSchema,
  signInResponseSchema,
  signupWithVerificationSchema,
  userResponseSchema,
} from './contract'
import { limitIdentityProbes } from './identity-probes'
import { currentUserResponse, toPublicUser } from './model'
import { confirmPasswordReset, type ResetTokenCourier, requestPasswordReset } from './password-reset'
import { addPhone, changeProfile, completeProfile } from './profile'
import type { SessionPlugin } from './session-plugin'
import { authenticate, createAccount } from './sign-in'

export interface AccountsRouteDeps extends ModuleDeps {
  session: SessionPlugin
  geocoder: Geocoder
  resetCourier: ResetTokenCourier
}

/** The body is checked in the handler, so the description is given here: either shape it takes. */
const profileChangeBody = z.toJSONSchema(profileChangeSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>

type Sessions = SessionPlugin['decorator']['sessions']
/** What a sign-up route's handler reads of Elysia's context. */
type SignUpContext = {
  body: Parameters<typeof createAccount>[1]
  cookie: Parameters<Sessions['start']>[0]
  sessions: Sessions
  set: { status?: number | string }
  request: Request
  server: Parameters<typeof clientAddress>[1]
}
const RESET_REQUESTED = 'If an account matches, we have sent password reset instructions to its verified phone or device.'

export function accountsRoutes({ db, clock, config, session, geocoder, resetCourier }: AccountsRouteDeps) {
  const production = config.NODE_ENV === 'production'
  const addressOf = (request: Request, server: Parameters<typeof clientAddress>[1]) => clientAddress(request, server, config.TRUST_PROXY)
  /** Both sign-up routes make the account (within the limit on identity probes), sign it in and answer 201 with their own words. */
  const signUp =
    (message: string) =>
    async ({ body, cookie, sessions, set, request, server }: SignUpContext) => {
      const user = await limitIdentityProbes(db, clock, addressOf(request, server), () => createAccount(db, body))
      await sessions.start(cookie, user.id)
      set.status = 201
      return { message, ...currentUserResponse(user) }
    }
  return (
    new Elysia({ name: 'accounts', prefix: '/api' })
      .use(session)
      .post('/register', signUp('Account created successfully'), { body: registerSchema, response: signInResponseSchema })
      .post('/signup-with-verification', signUp('Account created. Verify your phone to continue.'), {
        body: signupWithVerificationSchema,
        response: signInResponseSchema,
      })
      .post(
        '/login',
        async ({ body, cookie, sessions, request, server }) => {
          const user = await authenticate(db, clock, body, addressOf(request, server))
          await sessions.start(cookie, user.id)
          return { message: 'Login successful', ...currentUserResponse(user) }
        },
        { body: loginSchema, response: signInResponseSchema },
      )
      // Old links and bookmarks that navigate to /api/login land on the sign-in screen.
      .get('/login', ({ redirect }) => redirect('/auth', 302), { detail: { responses: { '302': { description: 'To the sign-in screen' } } } })
      .post(
        '/logout',
        async ({ cookie, sessions }) => {
          await sessions.end(cookie)
          return { message: 'Logged out' }
        },
        { response: messageResponseSchema },
      )
      // Spec 001 §2's profile page signs out by navigating here. A link or image on another site
      // could do the same, so only a navigation the browser marks as ours (or typed) ends the session.
      .get(
        '/logout',
        async ({ cookie, sessions, redirect, request }) => {
          const site = request.headers.get('sec-fetch-site')
          if (site !== 'same-origin' && site !== 'none') return redirect('/', 303)
          await sessions.end(cookie)
          return redirect('/auth', 302)
        },
        {
          detail: {
            responses: { '302': { description: 'Signed out, to the sign-in screen' }, '303': { description: 'Not from our own page: home, still signed in' } },
          },
        },
      )
      .get('/auth/user', ({ user }) => currentUserResponse(user), { signedIn: true, response: currentUserResponseSchema })
      // The app's own read: signed out is an answer here, so a signed-out page load logs no 401.
      .get(
        '/auth/session',
        async ({ request, sessions }) => {
          const user = await sessions.userOf(request)
          return user ? currentUserResponse(user) : { user: null, requiresProfileCompletion: false }
        },
        { response: sessionResponseSchema },
      )
      .post(
        '/auth/complete-profile',
        async ({ user, body }) => ({
          message: 'Profile completed successfully',
          ...currentUserResponse(await completeProfile(db, clock, geocoder, user, body)),
        }),
        { signedIn: true, body: completeProfileSchema, response: signInResponseSchema },
      )
      .post(
        '/auth/add-phone',
        async ({ user, body, request, server }) => {
          const updated = await limitIdentityProbes(db, clock, addressOf(request, server), () => addPhone(db, clock, user, body.phone))
          return { message: 'Phone number added', user: toPublicUser(updated) }
        },
        {
          signedIn: true,
          body: addPhoneSchema,
          response: userResponseSchema,
        },
      )
      // The body is checked in the handler, after the session: strangers learn nothing of it.
      .patch(
        '/user/profile',
        async ({ user, body, request, server }) => {
          const change = validInput(profileChangeSchemaFor(body), body)
          const updated = await limitIdentityProbes(db, clock, addressOf(request, server), () => changeProfile(db, clock, geocoder, user, change))
          return { message: 'Profile updated successfully', user: toPublicUser(updated) }
        },
        { signedIn: true, response: userResponseSchema, detail: { requestBody: { content: { 'application/json': { schema: profileChangeBody } } } } },
      )
      .post(
        '/password-reset/request',
        async ({ body }) => {
          const { issued } = await requestPasswordReset(db, clock, resetCourier, config.APP_URL, body.emailOrPhone)
          // Production shows no token; elsewhere the screens' token entry gets it. Either way the keys are the same.
          const shown = production ? null : issued
          return {
            message: RESET_REQUESTED,
            method: issued?.channel === 'push' ? ('fcm' as const) : ('hybrid' as const),
            fcmSent: issued?.channel === 'push',
            resetToken: shown?.token ?? null,
            resetUrl: shown?.resetUrl ?? null,
          }
        },
        { body: passwordResetRequestSchema, response: passwordResetRequestResponseSchema },
      )
      .post(
        '/password-reset/confirm',
        async ({ body, sessions }) => {
          sessions.endedAllOf(await confirmPasswordReset(db, clock, body.token, body.newPassword))
          return { message: 'Password updated successfully' }
        },
        { body: passwordResetConfirmSchema, response: messageResponseSchema },
      )
  )
}
