import type { FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Tables } from '../db/tables.ts'
import { approveDevice, findUserById } from '../embedded/accounts.ts'
import { callerOf } from '../embedded/guard.ts'
import { SignedIn, signIn } from '../embedded/signed-in.ts'
import type { TokenHasher } from '../hash-secret.ts'
import { HttpError } from '../http/errors.ts'
import { ipRateLimit } from '../http/ip-rate-limit.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import { userOfIdentity } from '../social/identities.ts'
import type { FarcasterOptions } from './config.ts'
import { openRelayedChannel } from './relayed.ts'
import { verifiedFarcasterSignIn } from './sign-in.ts'

interface FarcasterLoginOptions {
  db: Kysely<Tables>
  hashToken: TokenHasher
  chainId: number
  farcaster: FarcasterOptions
}

const ChannelToken = z.string().regex(/^[\x21-\x7e]{1,200}$/, 'invalid channel token')

/** Per IP and minute, as the page's relay limits its channels: a person opens a few. */
const OPEN_LIMIT = { max: 30, windowMs: 60_000 }

/**
 * Sign In With Farcaster into the embedded wallet (behind the frame guard). The frame opens the
 * channel itself (`POST /v1/auth/farcaster/channel`): it is recorded for the frame's project and
 * device, and its message is signed for the page the frame sits in. The answer is the link the page
 * shows (a QR code, "Open Farcaster") and the channel token the frame keeps to sign in with.
 * `POST /v1/auth/farcaster/sign-in {channelToken}` then turns that completed channel — of this
 * device and project only — into a session for the identity ('farcaster', fid): the social
 * identities' table and rules, without an e-mail address (Farcaster vouches for none). The channel
 * is verified again and used up, so one signature logs in once.
 */
export const farcasterLoginPlugin: FastifyPluginAsync<FarcasterLoginOptions> = async (scope, options) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  const { db, hashToken, chainId, farcaster } = options
  const openLimit = ipRateLimit(OPEN_LIMIT)

  app.post(
    '/farcaster/channel',
    {
      schema: {
        body: z.object({}),
        response: { 201: z.object({ channelToken: z.string(), url: z.string() }) },
      },
    },
    async (request, reply) => {
      if (!openLimit.take(request.ip)) {
        reply.header('retry-after', String(OPEN_LIMIT.windowMs / 1000))
        throw new HttpError(
          429,
          'Too many Farcaster sign-ins were started from this address. Please try again in a minute.',
        )
      }
      const { projectId, deviceId, parentOrigin } = callerOf(request)
      // The guard checked the parent page against the project's origins: the message names it.
      const { token, url } = await openRelayedChannel(db, farcaster, {
        domain: new URL(parentOrigin).host,
        siweUri: parentOrigin,
        acceptAuthAddress: true,
        projectId,
        deviceId,
        ip: request.ip,
        userAgent: (request.headers['user-agent'] ?? 'Unknown').slice(0, 512),
      })
      return reply.code(201).send({ channelToken: token, url })
    },
  )

  app.post(
    '/farcaster/sign-in',
    { schema: { body: z.object({ channelToken: ChannelToken }), response: { 200: SignedIn } } },
    async (request) => {
      const { projectId, deviceId } = callerOf(request)
      const identity = await verifiedFarcasterSignIn(db, farcaster, request.body.channelToken, {
        projectId,
        deviceId,
      })
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
