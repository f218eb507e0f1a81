/**
 * The page's side of sign-in. The services (another origin) verify signatures and keep sessions
 * in their database; the page keeps only the session's bearer token, in its own HttpOnly cookie,
 * so scripts never see it and the server render can ask the services who is signed in.
 */
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http'
import { type SIWXSession, siwxSessionSchema, siwxSignedMessageSchema } from '@portico/core'
import type { PageConfig } from './page-config.ts'

export const SIWX_COOKIE = 'portico_siwx'
const MAX_BODY_BYTES = 64 * 1024
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/

type Reply = { status: number; body: unknown; cookie?: string }

/** The token in the request's cookie header, if it looks like one. */
export function sessionToken(cookieHeader: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === SIWX_COOKIE) {
      const token = value.join('=')
      return TOKEN.test(token) ? token : undefined
    }
  }
  return undefined
}

/** The origin the browser sees this page at; behind a TLS proxy, X-Forwarded-Proto says https. */
export function pageOrigin(request: IncomingMessage): string {
  const forwarded = String(request.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim()
  const secure = forwarded === 'https' || (request.socket as { encrypted?: boolean }).encrypted === true
  return `${secure ? 'https' : 'http'}://${request.headers.host ?? 'localhost'}`
}

function services(config: PageConfig, request: IncomingMessage, path: string, init: RequestInit = {}) {
  const url = `${config.servicesUrl}/v1/siwx/${path}?projectId=${encodeURIComponent(config.projectId)}`
  // Server to server, on the page's behalf: the services check this Origin against the project
  // and bind the signed message's domain to it, exactly as for a call from the browser.
  const headers = new Headers(init.headers)
  headers.set('origin', pageOrigin(request))
  return fetch(url, { ...init, headers, signal: AbortSignal.timeout(10_000) })
}

/** The live session behind the cookie, or null; a services outage renders as signed out. */
export async function currentSession(
  config: PageConfig,
  request: IncomingMessage,
): Promise<SIWXSession | null> {
  const token = sessionToken(request.headers.cookie ?? '')
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
export function sessionCookie(request: IncomingMessage, token: string, maxAgeSeconds: number): string {
  const secure = pageOrigin(request).startsWith('https:') ? '; Secure' : ''
  return `${SIWX_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`
}

/** Handles GET, POST and DELETE on the session endpoint. */
export async function handleSessionRequest(
  config: PageConfig,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const reply = await answer(config, request)
  const body = JSON.stringify(reply.body)
  response.writeHead(reply.status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
    ...(reply.cookie ? { 'set-cookie': reply.cookie } : {}),
  })
  response.end(body)
}

async function answer(config: PageConfig, request: IncomingMessage): Promise<Reply> {
  if (request.method === 'GET')
    return { status: 200, body: { session: await currentSession(config, request) } }
  if (request.method !== 'POST' && request.method !== 'DELETE') return failure(405, 'Method not allowed')
  // A cookie-setting endpoint must not be callable from other sites (CSRF): same origin only.
  if (request.headers.origin !== pageOrigin(request)) return failure(403, 'Unauthorized: origin not allowed')
  return request.method === 'POST' ? signIn(config, request) : signOut(config, request)
}

async function signIn(config: PageConfig, request: IncomingMessage): Promise<Reply> {
  let input: unknown
  try {
    input = JSON.parse(await readBody(request))
  } catch {
    return failure(400, 'body: expected JSON')
  }
  const parsed = siwxSignedMessageSchema.safeParse(input)
  if (!parsed.success) return failure(400, 'body: expected { message, signature }')
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
    return failure(502, 'The sign-in service did not answer')
  }
  if (created.status !== 201 || typeof body.token !== 'string' || !TOKEN.test(body.token)) {
    return { status: created.status >= 500 || created.ok ? 502 : created.status, body }
  }
  const expiresAt = Date.parse(body.session?.expiresAt ?? '')
  const maxAge = Number.isFinite(expiresAt) ? Math.max(0, Math.floor((expiresAt - Date.now()) / 1000)) : 0
  return { status: 201, body: { session: body.session }, cookie: sessionCookie(request, body.token, maxAge) }
}

async function signOut(config: PageConfig, request: IncomingMessage): Promise<Reply> {
  const token = sessionToken(request.headers.cookie ?? '')
  const session = token ? await currentSession(config, request) : null
  if (token && session?.id) {
    await services(config, request, `sessions/${session.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    })
  }
  return { status: 200, body: { ok: true }, cookie: sessionCookie(request, '', 0) }
}

function failure(status: number, message: string): Reply {
  return {
    status,
    body: { error: { code: STATUS_CODES[status]?.toUpperCase().replace(/[^A-Z]+/g, '_'), message } },
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw new Error('body too large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}
