import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Bundler } from '../bundler/service.ts'
import type { Database } from '../db/database.ts'
import type { FarcasterOptions } from '../farcaster/config.ts'
import { farcasterLoginPlugin } from '../farcaster/login-routes.ts'
import type { TokenHasher } from '../hash-secret.ts'
import { HttpError } from '../http/errors.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import type { ProjectReader } from '../projects/cache.ts'
import { socialRoutesPlugin } from '../social/routes.ts'
import type { SocialServices } from '../social/setup.ts'
import {
  approveDevice,
  emailOf,
  endOtherSessions,
  endSession,
  findOrCreateUser,
  findUserByEmail,
  isDeviceApproved,
  sessionUser,
  type UserRow,
} from './accounts.ts'
import { callerOf, installFrameGuard } from './guard.ts'
import { keyExportRoutesPlugin } from './key-export-routes.ts'
import { keyRotationRoutesPlugin } from './key-rotation-routes.ts'
import { keyRoutesPlugin } from './key-routes.ts'
import type { KeyVault } from './keys.ts'
import { addressChangedMail, type CodeKind, codeMail, type Mailer } from './mail.ts'
import { consumeOtp, issueOtp } from './otps.ts'
import { PublicUser } from './public-user.ts'
import { requestContext } from './request-context.ts'
import { rotationAssetsRoutePlugin } from './rotation-assets-route.ts'
import { answerRpc, type ChainSettings, RpcOutcome } from './rpc.ts'
import { publicUserOf, SignedIn, signIn } from './signed-in.ts'
import { smartAccountRoutesPlugin } from './smart-accounts.ts'
import { claimMailSlot } from './throttle.ts'

interface EmbeddedAuthOptions {
  database: Database
  /** The project cache the `/v1` guard reads too. */
  projects: ProjectReader
  vault: KeyVault
  mailer: Mailer
  chain: ChainSettings
  /** The services' public origin: the only one the frame may call from, and the one mail links point to. */
  publicUrl: URL
  hashToken: TokenHasher
  /** Social login's providers; absent, /v1/auth/social does not exist. */
  social?: SocialServices | undefined
  /** The bundler of the wallet's chain, for its smart accounts; absent, /v1/auth/bundler does not exist. */
  bundler?: Bundler | undefined
  /** Sign In With Farcaster (its registry, relay and links); absent, /v1/auth/farcaster does not exist. */
  farcaster?: FarcasterOptions | undefined
  /** The block the services' index of the wallet's chain reads back to; absent, they do not index it. */
  indexFloor?: number | undefined
}

const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'Invalid email' }))
const Otp = z.string().max(16)
const EmailBody = z.object({ email: Email })
const LoginOtpBody = z.object({ email: Email, otp: Otp })
const UpdateOtpBody = z.object({ otp: Otp, newEmail: Email })
const RpcBody = z.object({ method: z.string().min(1).max(100), params: z.unknown().optional() })

const actionAnswer = <const A extends string[]>(...actions: A) => z.object({ action: z.enum(actions) })

/** E-mail login, sessions, key shares and reads for the secure frame (prefix /v1/auth). */
export const embeddedAuthPlugin: FastifyPluginAsync<EmbeddedAuthOptions> = async (scope, options) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  const { db } = options.database
  const { vault, mailer, chain, publicUrl, hashToken } = options
  installFrameGuard(app, options.projects, publicUrl)
  const sessionOf = (caller: Parameters<typeof sessionUser>[2]) => sessionUser(db, hashToken, caller)

  const sendCode = async (
    request: FastifyRequest,
    email: string,
    otpPurpose: string,
    kind: CodeKind,
  ): Promise<void> => {
    const caller = callerOf(request)
    await claimMailSlot(db, email, request.ip)
    const code = await issueOtp(db, hashToken, { email, purpose: otpPurpose, deviceId: caller.deviceId })
    await mailer.send(codeMail(email, kind, code, requestContext(request, caller)))
  }

  app.post(
    '/email/connect',
    {
      schema: { body: EmailBody, response: { 200: actionAnswer('CONNECT', 'VERIFY_OTP') } },
    },
    async (request) => {
      const { email } = request.body
      const { projectId, deviceId, token } = callerOf(request)
      const user = await findUserByEmail(db, email)
      if (user && token) {
        const live = await sessionOf({ token, projectId, deviceId }).catch(() => undefined)
        if (live?.id === user.id) return { action: 'CONNECT' as const }
      }
      // One answer for every address, registered or not: only the mail differs. A code typed on the
      // device that asked is its approval and its login at once; a device the user has not logged in
      // from gets the mail that says so, with who asked.
      const newDevice = user !== undefined && !(await isDeviceApproved(db, user.id, deviceId))
      await sendCode(request, email, 'login', { kind: newDevice ? 'new-device' : 'login' })
      return { action: 'VERIFY_OTP' as const }
    },
  )

  app.post(
    '/otp/verify',
    { schema: { body: LoginOtpBody, response: { 200: SignedIn } } },
    async (request) => {
      const { email, otp } = request.body
      const { projectId, deviceId } = callerOf(request)
      await consumeOtp(db, hashToken, { email, purpose: 'login', deviceId, code: otp })
      const user = await db.transaction().execute(async (trx) => {
        const created = await findOrCreateUser(trx, email)
        await approveDevice(trx, created.id, deviceId)
        return created
      })
      return signIn(db, hashToken, chain.chainId, { user, projectId, deviceId, codeVerified: true })
    },
  )

  app.post('/user', { schema: { response: { 200: PublicUser } } }, async (request) => {
    return publicUserOf(db, chain.chainId, await sessionOf(callerOf(request)))
  })

  app.post('/sign-out', { schema: { response: { 200: z.object({}) } } }, async (request) => {
    const user = await sessionOf(callerOf(request)).catch(() => undefined)
    if (user) await endSession(db, user.tokenHash)
    return {}
  })

  // Reads and account methods only: the frame signs.
  app.post('/rpc', { schema: { body: RpcBody, response: { 200: RpcOutcome } } }, async (request) => {
    const user = await sessionOf(callerOf(request))
    return answerRpc(chain, request.body, user.address)
  })

  if (options.social)
    await app.register(socialRoutesPlugin, {
      db,
      hashToken,
      chainId: chain.chainId,
      social: options.social,
      publicUrl,
      prefix: '/social',
    })
  if (options.farcaster)
    await app.register(farcasterLoginPlugin, {
      db,
      hashToken,
      chainId: chain.chainId,
      farcaster: options.farcaster,
    })

  const keySession = (request: FastifyRequest) => sessionOf(callerOf(request))
  if (options.bundler)
    await app.register(smartAccountRoutesPlugin, { bundler: options.bundler, sessionOf: keySession })
  await app.register(keyRoutesPlugin, {
    db,
    databaseKind: options.database.kind,
    vault,
    hashToken,
    chainId: chain.chainId,
    sessionOf: keySession,
    sendCode,
  })
  await app.register(keyRotationRoutesPlugin, {
    db,
    databaseKind: options.database.kind,
    vault,
    chainId: chain.chainId,
    rpcUrl: chain.rpcUrl,
    accountFactory: options.bundler?.info?.accountFactory,
    sessionOf: keySession,
  })
  await app.register(rotationAssetsRoutePlugin, {
    db,
    chainId: chain.chainId,
    indexFloor: options.indexFloor,
    sessionOf: keySession,
  })
  await app.register(keyExportRoutesPlugin, { db, vault, hashToken, sessionOf: keySession, sendCode })

  // Update e-mail (behaviour §4): a code to the current address, then one to the new address; each step
  // spends the code the step before mailed.
  const leavingPurpose = (newEmail: string) => `update_primary:${newEmail}`
  const arrivingPurpose = (user: UserRow) => `update_secondary:${user.id}`

  app.post(
    '/email/update',
    { schema: { body: EmailBody, response: { 200: actionAnswer('VERIFY_PRIMARY_OTP') } } },
    async (request) => {
      const { email } = request.body
      const user = await sessionOf(callerOf(request))
      const current = emailOf(user)
      if (email === current) throw new HttpError(400, 'This is already your e-mail address')
      if (await findUserByEmail(db, email)) throw new HttpError(409, 'This e-mail address is already in use')
      await sendCode(request, current, leavingPurpose(email), { kind: 'leave-address', newEmail: email })
      return { action: 'VERIFY_PRIMARY_OTP' as const }
    },
  )

  const updateSteps = {
    primary: {
      Answer: actionAnswer('VERIFY_SECONDARY_OTP'),
      spends: (user: UserRow, newEmail: string) => ({
        email: emailOf(user),
        purpose: leavingPurpose(newEmail),
      }),
      async next(request: FastifyRequest, user: UserRow, newEmail: string) {
        await sendCode(request, newEmail, arrivingPurpose(user), { kind: 'new-address' })
        return { action: 'VERIFY_SECONDARY_OTP' as const }
      },
    },
    secondary: {
      Answer: z.object({ newEmail: z.string() }),
      spends: (user: UserRow, newEmail: string) => ({ email: newEmail, purpose: arrivingPurpose(user) }),
      async next(request: FastifyRequest, user: UserRow & { tokenHash: string }, newEmail: string) {
        // The address and every other session change together: a device someone else logged in
        // with the old address must not outlive the move away from it.
        const updated = await db
          .transaction()
          .execute(async (trx) => {
            const changed = await trx
              .updateTable('embedded_users')
              .set({ email: newEmail })
              .where('id', '=', user.id)
              .executeTakeFirst()
            await endOtherSessions(trx, user.id, user.tokenHash)
            return changed
          })
          .catch(() => undefined)
        if (updated?.numUpdatedRows !== 1n) throw new HttpError(409, 'This e-mail address is already in use')
        const previous = emailOf(user)
        await mailer
          .send(addressChangedMail(previous, requestContext(request, callerOf(request))))
          .catch((error: unknown) =>
            request.log.warn({ err: error }, 'The address-changed mail was not sent'),
          )
        return { newEmail }
      },
    },
  }
  for (const [step, { Answer, spends, next }] of Object.entries(updateSteps)) {
    app.post(
      `/email/update/${step}`,
      { schema: { body: UpdateOtpBody, response: { 200: Answer } } },
      async (request) => {
        const { otp, newEmail } = request.body
        const caller = callerOf(request)
        const user = await sessionOf(caller)
        await consumeOtp(db, hashToken, { ...spends(user, newEmail), deviceId: caller.deviceId, code: otp })
        return next(request, user, newEmail)
      },
    )
  }
}
