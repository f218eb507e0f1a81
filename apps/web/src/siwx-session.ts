/**
 * The page's side of sign-in. The services (another origin) verify signatures and keep sessions
 * in their database; the page keeps only the session's bearer token, in its own HttpOnly cookie,
 * so scripts never see it and the server render can ask the services who is signed in.
 */
import type { CookieSerializeOptions } from '@fastify/cookie'
import { type SIWXSession, siwxSessionSchema, siwxSignedMessageSchema } from '@portico/core'
import { errorBody, HttpError } from '@portico/server/http-errors'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { PageConfig } from './page-config.ts'
import { SIWX_SESSION_PATH } from './siwx.ts'

export const SIWX_COOKIE = 'portico_siwx'

/** What the session endpoint needs: where the services are, and the page's own public origin if known. */
export type SessionConfig = Pick<PageConfig, 'servicesUrl' | 'projectId'> & {
  publicOrigin?: string | undefined
}
/** A signed EIP-4361 message and its signature fit in a few kilobytes. */
export const MAX_BODY_BYTES = 64 * 1024
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/

/** The token in the request's cookie, if it looks like one. */
function sessionToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[SIWX_COOKIE]
  return token && TOKEN.test(token) ? token : undefined
}

/**
 * The origin the browser sees this page at: the configured public URL's, or — in development,
 * without one — what the request's Host (and a TLS proxy's X-Forwarded-Proto) say. Headers are
 * the client's to choose, so a deployment must give the public URL (`publicUrl`).
 */
export function pageOrigin(request: FastifyRequest, publicOrigin: string | undefined): string {
  if (publicOrigin) return publicOrigin
  const forwarded = String(request.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim()
  const secure = forwarded === 'https' || (request.raw.socket as { encrypted?: boolean }).encrypted === true
  return `${secure ? 'https' : 'http'}://${request.headers.host ?? 'localhost'}`
}

function services(config: SessionConfig, request: FastifyRequest, path: string, init: RequestInit = {}) {
  const url = `${config.servicesUrl}/v1/siwx/${path}?projectId=${encodeURIComponent(config.projectId)}`
  // Server to server, on the page's behalf: the services check this Origin against the project
  // and bind the signed message's domain to it, exactly as for a call from the browser.
  const headers = new Headers(init.headers)
  headers.set('origin', pageOrigin(request, config.publicOrigin))
  return fetch(url, { ...init, headers, signal: AbortSignal.timeout(10_000) })
}

/** The live session behind the cookie, or null; a services outage renders as signed out. */
export async function currentSession(
  config: SessionConfig,
  request: FastifyRequest,
): Promise<SIWXSession | null> {
  const token = sessionToken(request)
  if (!token) return null
  try {
    const response = await services(config, request, 'sessions/current', {
      headers: { authorization: `Bearer ${token}` },
    })
    if (!response.ok) return null
    const parsed = siwxSessionSchema.safeParse(((await response.json()) as { session?: unknown }).session)
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** HttpOnly so scripts never hold the token; Lax so it rides along on top-level navigations only. */
function sessionCookie(
  request: FastifyRequest,
  publicOrigin: string | undefined,
  maxAgeSeconds: number,
): CookieSerializeOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: pageOrigin(request, publicOrigin).startsWith('https:'),
    maxAge: maxAgeSeconds,
  }
}

/** GET, POST and DELETE on `/api/siwx/session`. */
export const siwxSessionPlugin: FastifyPluginAsync<{ config: SessionConfig }> = async (app, { config }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })

  app.get(SIWX_SESSION_PATH, async (request) => ({ session: await currentSession(config, request) }))

  // A cookie-setting endpoint must not be callable from other sites (CSRF): same origin only,
  // checked before a byte of the body is read.
  const sameOrigin = async (request: FastifyRequest) => {
    if (request.headers.origin !== pageOrigin(request, config.publicOrigin)) {
      throw new HttpError(403, 'Unauthorized: origin not allowed')
    }
  }

  app.post(
    SIWX_SESSION_PATH,
    { onRequest: sameOrigin, bodyLimit: MAX_BODY_BYTES },
    async (request, reply) => {
      const parsed = siwxSignedMessageSchema.safeParse(request.body)
      if (!parsed.success) throw new HttpError(400, 'body: expected { message, signature }')
      let created: Response
      let body: { token?: unknown; session?: SIWXSession }
      try {
        created = await services(config, request, 'sessions', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(parsed.data),
        })
        body = (await created.json()) as typeof body
      } catch {
        return reply.code(502).send(errorBody(502, 'The sign-in service did not answer'))
      }
      if (created.status !== 201 || typeof body.token !== 'string' || !TOKEN.test(body.token)) {
        // The services' own answer (already in the error shape) tells the modal what was refused.
        return reply.code(created.status >= 500 || created.ok ? 502 : created.status).send(body)
      }
      const expiresAt = Date.parse(body.session?.expiresAt ?? '')
      const maxAge = Number.isFinite(expiresAt) ? Math.max(0, Math.floor((expiresAt - Date.now()) / 1000)) : 0
      reply.setCookie(SIWX_COOKIE, body.token, sessionCookie(request, config.publicOrigin, maxAge))
      return reply.code(201).send({ session: body.session })
    },
  )

  app.delete(SIWX_SESSION_PATH, { onRequest: sameOrigin }, async (request, reply) => {
    const token = sessionToken(request)
    const session = token ? await currentSession(config, request) : null
    if (token && session?.id) {
      await services(config, request, `sessions/${session.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      })
    }
    reply.clearCookie(SIWX_COOKIE, sessionCookie(request, config.publicOrigin, 0))
    return { ok: true }
  })
}
