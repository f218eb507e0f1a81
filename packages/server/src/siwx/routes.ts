import {
  checkSiweFields,
  messageDataOf,
  parseSiweMessage,
  type SiweFieldFailure,
  SiweMessageError,
  siwxSessionSchema,
  toEpochMs,
  verifySiweMessage,
} from '@portico/core/shared'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { type Client, createPublicClient, http } from 'viem'
import { z } from 'zod'
import type { Tables } from '../db/tables.ts'
import { tokenHasher } from '../hash-secret.ts'
import { HttpError } from '../http/errors.ts'
import { projectOf } from '../http/project-guard.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import { parseRequest } from '../http/validate.ts'
import {
  consumeNonce,
  createSession,
  findSessionByToken,
  issueNonce,
  listSessions,
  revokeSession,
  type SessionRow,
} from './repository.ts'

/** What `startServer` takes to offer sign-in with wallet. */
export interface SiwxSettings {
  /** The one chain sign-ins are for; contract-account signatures are checked on it. */
  chainId: number
  rpcUrl: string
  nonceTtlMs?: number
  /** The longest a session lives, even when the message names a later expiration time. */
  sessionMaxAgeMs?: number
}

export interface SiwxOptions extends SiwxSettings {
  /** The server's hash secret (hash-secret.ts): bearer tokens are stored as HMACs under a key from it. */
  hashSecret: Buffer
}

const SIWX_NONCE_TTL_MS = 5 * 60_000
const SIWX_SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60_000

/** What the routes answer; also what tests assert. */
export const SiwxErrorText = {
  NONCE_REJECTED: 'Nonce is unknown, expired or already used',
  OTHER_DOMAIN: 'The message is for another domain',
  OTHER_URI: "The message's URI is not on the site that asks to sign in",
  ISSUED_BEFORE_NONCE: 'The message was issued before its nonce: sign a new message',
  ISSUED_IN_FUTURE: "The message's Issued At is in the future: check the device's clock",
  OTHER_CHAIN: 'The message is for another chain',
  EXPIRED: 'The message has expired',
  NOT_YET_VALID: 'The message is not valid yet',
  BAD_SIGNATURE: 'Invalid signature',
  SESSION_EXPIRED: 'Session Expired',
} as const

const Hex = z.string().regex(/^0x[0-9a-fA-F]*$/, 'expected 0x-prefixed hex')
const SessionBody = z.object({
  message: z.string().min(1).max(8192),
  // ERC-6492 wraps deployment calldata around the signature, so allow well beyond 65 bytes.
  signature: Hex.max(32_768),
})
const Authorization = z.looseObject({
  authorization: z
    .string({ error: 'a Bearer session token is required' })
    .regex(/^Bearer [A-Za-z0-9_-]{16,}$/, {
      error: 'a Bearer session token is required',
    }),
})
const SessionParams = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, 'unknown session id') })

const Nonce = z.object({ nonce: z.string(), expiresAt: z.iso.datetime() })
/** behaviour §3's session as the SDK reads it (`siwxSessionSchema`), with our id and end always present. */
const Session = z.object({
  id: z.string(),
  expiresAt: z.iso.datetime(),
  data: siwxSessionSchema.shape.data,
  message: z.string(),
  signature: z.string(),
})
const SignedIn = z.object({ token: z.string(), session: Session })

export function siwxPlugin(database: Kysely<Tables>, options: SiwxOptions): FastifyPluginAsync {
  const nonceTtlMs = options.nonceTtlMs ?? SIWX_NONCE_TTL_MS
  const maxAgeMs = options.sessionMaxAgeMs ?? SIWX_SESSION_MAX_AGE_MS
  const client: Client = createPublicClient({ transport: http(options.rpcUrl) })
  const hash = tokenHasher(options.hashSecret, 'siwx')
  const signedIn = new WeakMap<FastifyRequest, SessionRow>()

  /**
   * The bearer's session, looked up before the rest of the request is validated: a caller that is
   * not signed in hears only that.
   */
  async function requireSession(request: FastifyRequest): Promise<void> {
    const { authorization } = parseRequest(Authorization, request.headers, 'headers')
    const session = await findSessionByToken(database, hash, projectOf(request).id, authorization.slice(7))
    if (!session) throw new HttpError(401, SiwxErrorText.SESSION_EXPIRED)
    signedIn.set(request, session)
  }

  function sessionOf(request: FastifyRequest): SessionRow {
    const session = signedIn.get(request)
    if (!session) throw new Error(`No session check on ${request.method} ${request.url}`)
    return session
  }

  return async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>()

    app.post('/siwx/nonce', { schema: { response: { 201: Nonce } } }, async (request, reply) => {
      const { nonce, expiresAt } = await issueNonce(database, projectOf(request).id, nonceTtlMs)
      return reply.code(201).send({ nonce, expiresAt: expiresAt.toISOString() })
    })

    app.post(
      '/siwx/sessions',
      { schema: { body: SessionBody, response: { 201: SignedIn } } },
      async (request, reply) => {
        const project = projectOf(request)
        const { message, signature } = request.body
        let fields: ReturnType<typeof parseSiweMessage>
        try {
          fields = parseSiweMessage(message)
        } catch (error) {
          if (error instanceof SiweMessageError) throw new HttpError(400, error.message)
          throw error
        }
        // The guard admitted this Origin; the message must name that very site (domain binding).
        const origin = new URL(request.headers.origin as string)
        if (fields.domain !== origin.host || (fields.scheme && `${fields.scheme}:` !== origin.protocol))
          throw new HttpError(401, SiwxErrorText.OTHER_DOMAIN)
        if (fields.chainId !== options.chainId) throw new HttpError(401, SiwxErrorText.OTHER_CHAIN)
        // Claimed before the (slower) signature check, so two racing replays cannot both get in.
        const nonceIssuedAt = await consumeNonce(database, project.id, fields.nonce)
        if (!nonceIssuedAt) throw new HttpError(401, SiwxErrorText.NONCE_REJECTED)
        // The URI too must be the calling page's, and the message no older than its nonce.
        const failure = checkSiweFields(fields, { uriOrigins: [origin.origin], nonceIssuedAt })
        if (failure) throw new HttpError(401, FIELD_FAILURES[failure])
        const verified = await verifySiweMessage({ message, signature, client })
        if (!verified.success) throw new HttpError(401, SiwxErrorText.BAD_SIGNATURE)

        const latest = Date.now() + maxAgeMs
        const expiresAt = new Date(
          fields.expirationTime ? Math.min(toEpochMs(fields.expirationTime), latest) : latest,
        )
        const { token, row } = await createSession(database, hash, {
          projectId: project.id,
          address: fields.address,
          chainId: fields.chainId,
          message,
          signature,
          expiresAt,
        })
        return reply.code(201).send({ token, session: sessionJson(row) })
      },
    )

    app.get(
      '/siwx/sessions/current',
      { preValidation: requireSession, schema: { response: { 200: z.object({ session: Session }) } } },
      async (request) => ({ session: sessionJson(sessionOf(request)) }),
    )

    app.get(
      '/siwx/sessions',
      {
        preValidation: requireSession,
        schema: { response: { 200: z.object({ sessions: z.array(Session) }) } },
      },
      async (request) => {
        const current = sessionOf(request)
        const sessions = await listSessions(database, current.project_id, current.address)
        return { sessions: sessions.map(sessionJson) }
      },
    )

    app.delete(
      '/siwx/sessions/:id',
      { preValidation: requireSession, schema: { params: SessionParams, response: { 204: z.undefined() } } },
      async (request, reply) => {
        const current = sessionOf(request)
        if (!(await revokeSession(database, current.project_id, current.address, request.params.id)))
          throw new HttpError(404, 'unknown session id')
        return reply.code(204).send()
      },
    )
  }
}

const FIELD_FAILURES: Record<SiweFieldFailure, string> = {
  'domain mismatch': SiwxErrorText.OTHER_DOMAIN,
  'uri mismatch': SiwxErrorText.OTHER_URI,
  'nonce mismatch': SiwxErrorText.NONCE_REJECTED,
  'issued before nonce': SiwxErrorText.ISSUED_BEFORE_NONCE,
  'issued in the future': SiwxErrorText.ISSUED_IN_FUTURE,
  expired: SiwxErrorText.EXPIRED,
  'not yet valid': SiwxErrorText.NOT_YET_VALID,
}

function sessionJson(row: SessionRow): z.input<typeof Session> {
  return {
    id: row.id,
    expiresAt: row.expires_at.toISOString(),
    data: messageDataOf(parseSiweMessage(row.message)),
    message: row.message,
    signature: row.signature,
  }
}
