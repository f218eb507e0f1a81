import { type SIWXSession, siwxSessionSchema } from '@portico/core'
import type { PorticoSettings } from './settings'

/**
 * The app's side of sign-in with wallet. The Portico services verify signatures and keep sessions;
 * this app keeps only the session's bearer token, in an HttpOnly cookie scripts never see, so the
 * server render can ask the services who is signed in.
 */
export const SIWX_COOKIE = 'portico_siwx'
export const SIWX_SESSION_PATH = '/api/siwx/session'
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/

export function validToken(value: string | undefined): string | undefined {
  return value && TOKEN.test(value) ? value : undefined
}

/**
 * Server to server, on the page's behalf: the services check this Origin against the project's
 * allowed origins and bind the signed message's domain to it, as for a call from the browser.
 */
export function callServices(
  settings: PorticoSettings,
  origin: string,
  path: string,
  init: RequestInit = {},
) {
  const url = `${settings.servicesUrl}/v1/siwx/${path}?projectId=${encodeURIComponent(settings.projectId)}`
  const headers = new Headers(init.headers)
  headers.set('origin', origin)
  return fetch(url, { ...init, headers, cache: 'no-store', signal: AbortSignal.timeout(10_000) })
}

/** The live session behind the token, or null; a services outage renders as signed out. */
export async function currentSession(
  settings: PorticoSettings,
  origin: string,
  token: string | undefined,
): Promise<SIWXSession | null> {
  if (!token) return null
  try {
    const response = await callServices(settings, origin, 'sessions/current', {
      headers: { authorization: `Bearer ${token}` },
    })
    if (!response.ok) return null
    const parsed = siwxSessionSchema.safeParse(((await response.json()) as { session?: unknown }).session)
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
