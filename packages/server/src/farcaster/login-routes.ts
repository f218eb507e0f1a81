import type { FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Tables } from '../db/tables.ts'
import { approveDevice, findUserById } from '../embedded/accounts.ts'
import { callerOf } from '../embedded/guard.ts'
import { SignedIn, signIn } from '../embedded/signed-in.ts'
import type { TokenHasher } from '../hash-secret.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import { userOfIdentity } from '../social/identities.ts'
import type { FarcasterRegistry } from './registry.ts'
import { verifiedFarcasterSignIn } from './sign-in.ts'

interface FarcasterLoginOptions {
  db: Kysely<Tables>
  hashToken: TokenHasher
  chainId: number
  registry: FarcasterRegistry
}

const ChannelToken = z.string().regex(/^[\x21-\x7e]{1,200}$/, 'invalid channel token')

/**
 * `POST /v1/auth/farcaster/sign-in {channelToken}` (behind the frame guard): a completed Sign In With
 * Farcaster channel of the frame's project becomes an embedded-wallet session for the identity
 * ('farcaster', fid) — the social identities' table and rules, without an e-mail address (Farcaster
 * vouches for none). The channel is verified again and used up, so one signature logs in once.
 */
export const farcasterLoginPlugin: FastifyPluginAsync<FarcasterLoginOptions> = async (scope, options) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  const { db, hashToken, chainId, registry } = options

  app.post(
    '/farcaster/sign-in',
    { schema: { body: z.object({ channelToken: ChannelToken }), response: { 200: SignedIn } } },
    async (request) => {
      const { projectId, deviceId } = callerOf(request)
      const identity = await verifiedFarcasterSignIn(db, registry, request.body.channelToken, projectId)
      const subject = String(identity.fid)
      const username = identity.username ? `@${identity.username}` : `fid ${subject}`
      return db.transaction().execute(async (trx) => {
        const userId = await userOfIdentity(trx, 'farcaster', {
          subject,
          username,
          email: null,
          emailVerified: false,
        })
        const user = await findUserById(trx, userId)
        if (!user) throw new Error(`User ${userId} of fid ${subject} is missing`)
        // The signature proved the fid: the device counts as approved, as after a code.
        await approveDevice(trx, user.id, deviceId)
        return signIn(trx, hashToken, chainId, {
          user,
          projectId,
          deviceId,
          social: { provider: 'farcaster', subject, username },
        })
      })
    },
  )
}
