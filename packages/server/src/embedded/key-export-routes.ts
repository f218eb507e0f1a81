import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Tables } from '../db/tables.ts'
import type { TokenHasher } from '../hash-secret.ts'
import { HttpError } from '../http/errors.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import { emailOf, type UserRow } from './accounts.ts'
import { callerOf } from './guard.ts'
import { KeyText, Share } from './key-routes.ts'
import { storedShares } from './key-shares.ts'
import type { KeyVault } from './keys.ts'
import type { CodeKind } from './mail.ts'
import { consumeOtp } from './otps.ts'

interface KeyExportRoutesOptions {
  db: Kysely<Tables>
  vault: KeyVault
  hashToken: TokenHasher
  /** The user behind the request's live session, or a 401. */
  sessionOf(request: FastifyRequest): Promise<UserRow>
  /** Mails a code as login does: the same hourly limits and resend cooldown. */
  sendCode(request: FastifyRequest, email: string, purpose: string, kind: CodeKind): Promise<void>
}

const EXPORT_PURPOSE = 'export'

/**
 * "Export private key": the frame shows the key after a fresh code mailed to the
 * user, so someone at an unlocked device, or holding a session, also needs the mailbox. The
 * services hand out the server share only; the frame adds the device share it never sends.
 */
export const keyExportRoutesPlugin: FastifyPluginAsync<KeyExportRoutesOptions> = async (scope, options) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  const { db, vault, hashToken, sessionOf, sendCode } = options
  const sharesOf = async (request: FastifyRequest) => {
    const user = await sessionOf(request)
    const shares = await storedShares(db, user.id)
    if (!shares) throw new HttpError(409, KeyText.NOT_SET_UP)
    return { user, shares }
  }

  app.post(
    '/key/export/code',
    { schema: { body: z.object({}), response: { 200: z.object({}) } } },
    async (request) => {
      const { user } = await sharesOf(request)
      await sendCode(request, emailOf(user), EXPORT_PURPOSE, { kind: 'export' })
      return {}
    },
  )

  app.post(
    '/key/export',
    {
      schema: {
        body: z.object({ otp: z.string().max(16) }),
        response: { 200: z.object({ serverShare: Share }) },
      },
    },
    async (request) => {
      const { user, shares } = await sharesOf(request)
      await consumeOtp(db, hashToken, {
        email: emailOf(user),
        purpose: EXPORT_PURPOSE,
        deviceId: callerOf(request).deviceId,
        code: request.body.otp,
      })
      return { serverShare: vault.openShare('server', user.id, shares.server_share).toString('base64url') }
    },
  )
}
