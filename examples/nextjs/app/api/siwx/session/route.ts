import { type SIWXSession, siwxSignedMessageSchema } from '@portico/core'
import { type NextRequest, NextResponse } from 'next/server'
import { settingsFromEnv } from '@/lib/settings'
import { callServices, currentSession, SIWX_COOKIE, validToken } from '@/lib/siwx-session'

/**
 * GET, POST and DELETE on `/api/siwx/session` — the `sessionPath` of `createPageSiwx`: the modal
 * posts the signed message here, and this app trades it for an HttpOnly session cookie.
 */

/** A signed EIP-4361 message and its signature fit in a few kilobytes. */
const MAX_BODY_BYTES = 64 * 1024
const NO_STORE = { 'cache-control': 'no-store' }

const error = (status: number, message: string) =>
  NextResponse.json({ error: { status, message } }, { status, headers: NO_STORE })

/** HttpOnly so scripts never hold the token; Lax so it rides along on top-level navigations only. */
function cookieOptions(origin: string, maxAge: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: origin.startsWith('https:'), maxAge }
}

/** A cookie-setting endpoint must not be callable from other sites (CSRF): same origin only. */
function crossOrigin(request: NextRequest): boolean {
  return request.headers.get('origin') !== settingsFromEnv().appUrl
}

/** The body as text, refused once it passes the limit — whether or not a Content-Length was sent. */
async function boundedText(request: NextRequest): Promise<string | undefined> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return undefined
  const reader = request.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength
    if (size > MAX_BODY_BYTES) {
      await reader.cancel()
      return undefined
    }
    chunks.push(read.value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export async function GET(request: NextRequest) {
  const session = await currentSession(
    settingsFromEnv(),
    settingsFromEnv().appUrl,
    validToken(request.cookies.get(SIWX_COOKIE)?.value),
  )
  return NextResponse.json({ session }, { headers: NO_STORE })
}

export async function POST(request: NextRequest) {
  if (crossOrigin(request)) return error(403, 'Unauthorized: origin not allowed')
  const text = await boundedText(request)
  if (text === undefined) return error(413, 'Request body is too large')
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return error(400, 'body: expected a JSON body')
  }
  const parsed = siwxSignedMessageSchema.safeParse(body)
  if (!parsed.success) return error(400, 'body: expected { message, signature }')

  const origin = settingsFromEnv().appUrl
  let created: Response
  let answer: { token?: unknown; session?: SIWXSession }
  try {
    created = await callServices(settingsFromEnv(), origin, 'sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(parsed.data),
    })
    answer = (await created.json()) as typeof answer
  } catch {
    return error(502, 'The sign-in service did not answer')
  }
  if (created.status !== 201 || typeof answer.token !== 'string' || !validToken(answer.token)) {
    // The services' own answer (already in the error shape) tells the modal what was refused.
    const status = created.status >= 500 || created.ok ? 502 : created.status
    return NextResponse.json(answer, { status, headers: NO_STORE })
  }
  const expiresAt = Date.parse(answer.session?.expiresAt ?? '')
  const maxAge = Number.isFinite(expiresAt) ? Math.max(0, Math.floor((expiresAt - Date.now()) / 1000)) : 0
  const response = NextResponse.json({ session: answer.session }, { status: 201, headers: NO_STORE })
  response.cookies.set(SIWX_COOKIE, answer.token, cookieOptions(origin, maxAge))
  return response
}

export async function DELETE(request: NextRequest) {
  if (crossOrigin(request)) return error(403, 'Unauthorized: origin not allowed')
  const settings = settingsFromEnv()
  const origin = settingsFromEnv().appUrl
  const token = validToken(request.cookies.get(SIWX_COOKIE)?.value)
  const session = await currentSession(settings, origin, token)
  if (token && session?.id) {
    await callServices(settings, origin, `sessions/${session.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    })
  }
  const response = NextResponse.json({ ok: true }, { headers: NO_STORE })
  response.cookies.set(SIWX_COOKIE, '', cookieOptions(origin, 0))
  return response
}
