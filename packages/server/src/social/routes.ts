import { Alerts } from '@portico/core/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Tables } from '../db/tables.ts'
import { approveDevice, findUserById } from '../embedded/accounts.ts'
import { callerOf } from '../embedded/guard.ts'
import { describeDevice } from '../embedded/request-context.ts'
import { SignedIn, signIn } from '../embedded/signed-in.ts'
import { claimPollSlot } from '../embedded/throttle.ts'
import type { TokenHasher } from '../hash-secret.ts'
import { HttpError } from '../http/errors.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import { ATTEMPT_ID, attemptFor, createAttempt, takeLogin } from './attempts.ts'
import { usernameOf } from './identities.ts'
import { labelOf, SocialProvider } from './providers.ts'
import type { SocialServices } from './setup.ts'

interface SocialRoutesOptions {
  db: Kysely<Tables>
  hashToken: TokenHasher
  chainId: number
  social: SocialServices
  publicUrl: URL
}

const AttemptId = z.string().regex(ATTEMPT_ID, 'invalid attempt id')

/** Why a login ended without a session; `message` is for the person, `code` for the modal. */
const SocialErrorCode = z.enum(['access_denied', 'provider_error', 'expired'])

const PollAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('done'), ...SignedIn.shape }),
  z.object({ status: z.literal('error'), code: SocialErrorCode, message: z.string() }),
])
type PollAnswer = z.input<typeof PollAnswer>

const EXPIRED: PollAnswer = { status: 'error', code: 'expired', message: Alerts.SESSION_EXPIRED.shortMessage }
/** How often a waiting poll looks at its attempt again. */
const POLL_STEP_MS = 500

/**
 * Social login's calls from the secure frame (prefix /v1/auth/social, behind the frame guard):
 * start an attempt for a provider, then poll it until the popup's login has landed. The popup's
 * pages are `pages.ts`; `postMessage` from them only makes the frame poll sooner.
 */
export const socialRoutesPlugin: FastifyPluginAsync<SocialRoutesOptions> = async (scope, options) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  const { db, hashToken, chainId, social, publicUrl } = options

  app.post(
    '/start',
    {
      schema: {
        body: z.object({ provider: SocialProvider }),
        response: { 200: z.object({ attemptId: z.string(), url: z.string() }) },
      },
    },
    async (request) => {
      const { provider } = request.body
      const offered =
        provider === 'telegram'
          ? social.telegram !== undefined
          : social.relyingParty.providers.includes(provider)
      if (!offered) throw new HttpError(400, `${labelOf(provider)} login is not offered by these services`)
      const caller = callerOf(request)
      // Discovery now, so an unreachable provider is told to the frame, not to an empty popup.
      if (provider !== 'telegram')
        await social.relyingParty.ready(provider).catch((error: unknown) => {
          request.log.warn({ err: error }, `${provider} discovery failed`)
          throw new HttpError(503, `${labelOf(provider)} cannot be reached. Please try again later.`)
        })
      const attemptId = await createAttempt(db, {
        provider,
        projectId: caller.projectId,
        deviceId: caller.deviceId,
        parentOrigin: caller.parentOrigin,
        ip: request.ip,
        context: { project: caller.projectName, device: describeDevice(request.headers['user-agent']) },
      })
      return { attemptId, url: new URL(`/v1/auth/social/${attemptId}/go`, publicUrl).href }
    },
  )

  app.post(
    '/poll',
    { schema: { body: z.object({ attemptId: AttemptId }), response: { 200: PollAnswer } } },
    async (request, reply): Promise<PollAnswer> => {
      const { attemptId } = request.body
      const { projectId, deviceId } = callerOf(request)
      await claimPollSlot(db, request.ip, deviceId)
      const deadline = Date.now() + social.pollWaitMs
      let gone = false
      reply.raw.once('close', () => {
        gone = true
      })
      while (!gone) {
        const attempt = await attemptFor(db, { id: attemptId, projectId, deviceId })
        if (!attempt) throw new HttpError(404, 'No such login attempt for this device')
        if (attempt.status === 'failed')
          return {
            status: 'error',
            code: SocialErrorCode.catch('provider_error').parse(attempt.errorCode),
            message: attempt.errorMessage ?? 'The login did not complete',
          }
        if (attempt.expired || attempt.status === 'taken') return EXPIRED
        if (attempt.status === 'done') return (await signInOnce(attemptId, projectId, deviceId)) ?? EXPIRED
        if (Date.now() >= deadline) break
        await new Promise((resolve) => setTimeout(resolve, POLL_STEP_MS))
      }
      return { status: 'pending' }
    },
  )

  /** The finished login becomes this device's session, in one transaction with its taking. */
  const signInOnce = (attemptId: string, projectId: string, deviceId: string) =>
    db.transaction().execute(async (trx): Promise<PollAnswer | undefined> => {
      const login = await takeLogin(trx, attemptId)
      if (!login) return undefined
      const user = await findUserById(trx, login.userId)
      if (!user) return undefined
      // The provider vouched for this person: the device counts as approved, as after a code.
      await approveDevice(trx, user.id, deviceId)
      const username = await usernameOf(trx, login.provider, login.subject)
      const social = { provider: login.provider, subject: login.subject, username }
      return {
        status: 'done',
        ...(await signIn(trx, hashToken, chainId, { user, projectId, deviceId, social })),
      }
    })
}
