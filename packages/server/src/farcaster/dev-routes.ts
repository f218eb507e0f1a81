import { createWalletClient } from '@farcaster/auth-client'
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Tables } from '../db/tables.ts'
import { answerError, HttpError } from '../http/errors.ts'
import { ipRateLimit } from '../http/ip-rate-limit.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import { escapeHtml, page } from '../onramp/sandbox-pages.ts'
import { refererOrigin } from '../onramp/sandbox-routes.ts'
import { DEV_PAGE_PATH, type FarcasterOptions } from './config.ts'
import type { DevFarcasterAccount } from './dev-accounts.ts'
import { refusedPage, signedPage, signInPage } from './dev-pages.ts'
import { authenticateChannel, openChannelOf } from './relay.ts'
import type { ChannelRow } from './tables.ts'

const Token = z.string().max(200)
const Fid = z.coerce.number().int().positive()
const PageQuery = z.object({ channelToken: Token })
const SignForm = z.object({ channelToken: Token, fid: Fid, forFid: Fid.optional() })

/** A person clicks through these pages: a few dozen a minute is plenty. */
const RATE_LIMIT = { max: 60, windowMs: 60_000 }

/**
 * The development stand-in for the Farcaster app: the page a channel's `url` opens, which shows
 * what app asks and signs in as a chosen dev account. The form post makes the EIP-4361 message as
 * the Farcaster app does (auth-client's `buildSignInMessage`: chain 10, "Farcaster Auth",
 * `farcaster://fid/<fid>`), signs it with that account's custody key and completes the channel as
 * `POST /v1/channel/authenticate` does. Pages without script; the post must come from this page.
 */
export const farcasterDevAppPlugin: FastifyPluginAsync<{
  db: Kysely<Tables>
  options: FarcasterOptions
  devApp: NonNullable<FarcasterOptions['devApp']>
}> = async (scope, { db, options, devApp }) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  const wallet = createWalletClient({ ethereum: options.registry })
  const limit = ipRateLimit(RATE_LIMIT)
  app.addHook('onRequest', async (request) => {
    if (!limit.take(request.ip)) throw new HttpError(429, 'Too many requests from this address')
  })
  // A person reads these answers: a refused request gets a page, not the API's JSON.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode
    if (status !== undefined && status >= 400 && status < 500)
      return refusedPage(reply.code(status), error.message)
    return answerError(error, request, reply)
  })
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4_096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )

  const accountOf = (fid: number): DevFarcasterAccount => {
    const account = devApp.accounts.find((candidate) => candidate.fid === fid)
    if (!account) throw new HttpError(400, `body.fid: not a development account`)
    return account
  }
  const alreadySigned = (reply: FastifyReply, channel: ChannelRow) =>
    page(
      reply.code(409),
      'Already signed',
      `<p>This sign-in was already signed${channel.username ? ` as @${escapeHtml(channel.username)}` : ''}. Go back to the app.</p>`,
    )

  app.get(DEV_PAGE_PATH, { schema: { querystring: PageQuery } }, async (request, reply) => {
    const { channelToken } = request.query
    const channel = await openChannelOf(db, channelToken)
    if (channel.completed_at) return alreadySigned(reply, channel)
    return signInPage(reply, channel, channelToken, devApp.accounts)
  })

  app.post(
    DEV_PAGE_PATH,
    {
      preValidation: async (request) => {
        const origin = request.headers.origin ?? refererOrigin(request.headers.referer)
        if (origin !== devApp.publicUrl.origin)
          throw new HttpError(403, 'This form can only be sent from the development Farcaster page itself')
      },
      schema: { body: SignForm },
    },
    async (request, reply) => {
      const { channelToken, fid, forFid } = request.body
      const account = accountOf(fid)
      const channel = await openChannelOf(db, channelToken)
      if (channel.completed_at) return alreadySigned(reply, channel)
      const signedFid = forFid ?? fid
      const built = wallet.buildSignInMessage({
        domain: channel.domain,
        uri: channel.siwe_uri,
        nonce: channel.nonce,
        address: account.custody.address,
        fid: signedFid,
        ...(channel.not_before ? { notBefore: new Date(channel.not_before) } : {}),
        ...(channel.expiration_time ? { expirationTime: new Date(channel.expiration_time) } : {}),
        ...(channel.request_id ? { requestId: channel.request_id } : {}),
      })
      if (built.isError)
        throw new HttpError(400, built.error?.message ?? 'The sign-in message could not be made')
      await authenticateChannel(db, options.registry, channelToken, {
        message: built.message,
        signature: await account.custody.signMessage({ message: built.message }),
        fid: signedFid,
        username: account.username,
        displayName: account.displayName,
        bio: account.bio,
      })
      return signedPage(reply, account)
    },
  )
}
