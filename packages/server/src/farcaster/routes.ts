/**
 * The three routes of a Sign In With Farcaster relay, at the public relay's paths and in its JSON.
 * Creating a channel and polling it are the dapp's calls: they sit behind /v1's project guard (its
 * projectId, its Origin), and a channel belongs to that project. Authenticating is the Farcaster
 * app's call, from a phone with no Origin and no project: it stays outside the guard, its bearer
 * channel token is the key and its signature is verified before the channel takes it. These channels
 * are the dapp's own Sign In With Farcaster: none of them ever logs into the embedded wallet, whose
 * channels the secure frame opens itself (login-routes.ts).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables.ts'
import { HttpError } from '../http/errors.ts'
import { ipRateLimit } from '../http/ip-rate-limit.ts'
import { projectOf } from '../http/project-guard.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import { connectUrl, type FarcasterOptions } from './config.ts'
import { authenticateChannel, FarcasterText, openChannelOf } from './relay.ts'
import { followedChannel, openRelayedChannel } from './relayed.ts'
import {
  AuthenticateBody,
  ChannelCreated,
  ChannelStatus,
  CreateChannelBody,
  channelStatus,
} from './schemas.ts'

const AUTHENTICATE_PATH = '/v1/channel/authenticate'

/** Per IP and minute: a page opens a few channels, polls each about once a second, and signs once. */
const LIMITS = {
  create: { max: 30, windowMs: 60_000 },
  status: { max: 300, windowMs: 60_000 },
  authenticate: { max: 30, windowMs: 60_000 },
}

const bearerTokens = new WeakMap<FastifyRequest, string>()

/** A `preValidation` hook: the token is looked at before the body is judged, as the relay does. */
async function requireBearer(request: FastifyRequest) {
  const token = /^Bearer ([\x21-\x7e]{1,200})$/.exec(request.headers.authorization ?? '')?.[1]
  if (!token) throw new HttpError(401, FarcasterText.NO_TOKEN)
  bearerTokens.set(request, token)
}

function bearerOf(request: FastifyRequest): string {
  const token = bearerTokens.get(request)
  if (token === undefined) throw new Error(`No bearer check on ${request.method} ${request.url}`)
  return token
}

const limited = (limit: ReturnType<typeof ipRateLimit>) => async (request: FastifyRequest) => {
  if (!limit.take(request.ip))
    throw new HttpError(429, 'Too many Farcaster sign-in requests from this address')
}

/** `POST /channel` and `GET /channel/status`, registered under /v1 behind its guard. */
export const farcasterChannelPlugin =
  (db: Kysely<Tables>, options: FarcasterOptions): FastifyPluginAsync =>
  async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>()
    const createLimit = limited(ipRateLimit(LIMITS.create))
    const statusLimit = limited(ipRateLimit(LIMITS.status))

    app.post(
      '/channel',
      { onRequest: createLimit, schema: { body: CreateChannelBody, response: { 201: ChannelCreated } } },
      async (request, reply) => {
        const project = projectOf(request)
        const { body } = request
        // The message will be signed for this domain: it must be one of the project's own sites.
        if (!project.origins.some((origin) => new URL(origin).host === body.domain.toLowerCase()))
          throw new HttpError(400, "body.domain: must be the host of one of the project's allowed origins")
        const { token, url, nonce } = await openRelayedChannel(db, options, {
          ...body,
          domain: body.domain.toLowerCase(),
          acceptAuthAddress: body.acceptAuthAddress ?? true,
          projectId: project.id,
          ip: request.ip,
          userAgent: (request.headers['user-agent'] ?? 'Unknown').slice(0, 512),
        })
        return reply.code(201).send({ channelToken: token, url, connectUri: url, nonce })
      },
    )

    app.get(
      '/channel/status',
      {
        onRequest: statusLimit,
        preValidation: requireBearer,
        schema: { response: { 200: ChannelStatus, 202: ChannelStatus } },
      },
      async (request, reply) => {
        const token = bearerOf(request)
        const opened = await openChannelOf(db, token, projectOf(request).id, new Date())
        // The secure frame's own channel is not the page's to read, though its link shows the token.
        if (opened.device_id !== null) throw new HttpError(401, FarcasterText.UNKNOWN_CHANNEL)
        const channel = await followedChannel(db, options, opened, token)
        if (channel.consumed_at) throw new HttpError(410, FarcasterText.USED, 'CHANNEL_USED')
        reply.header('cache-control', 'no-store')
        return reply
          .code(channel.completed_at ? 200 : 202)
          .send(channelStatus(channel, connectUrl(options, token)))
      },
    )
  }

/** `POST /v1/channel/authenticate`, registered at the root beside /v1's guard. */
export const farcasterAuthenticatePlugin =
  (db: Kysely<Tables>, options: FarcasterOptions): FastifyPluginAsync =>
  async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>()
    const limit = limited(ipRateLimit(LIMITS.authenticate))
    app.post(
      AUTHENTICATE_PATH,
      {
        onRequest: limit,
        preValidation: requireBearer,
        schema: { body: AuthenticateBody, response: { 201: ChannelStatus } },
      },
      async (request, reply) => {
        const token = bearerOf(request)
        const channel = await authenticateChannel(db, options.registry, token, request.body, new Date())
        return reply.code(201).send(channelStatus(channel, connectUrl(options, token)))
      },
    )
  }
