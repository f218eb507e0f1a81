import { randomBytes } from 'node:crypto'
import { SESSION_COOKIE, SESSION_HOURS } from './sessions.ts'

/** The browser's random id, which the login form sets: failed logins are counted per IP and browser. */
const BROWSER_COOKIE = 'portico_dashboard_browser'
const BROWSER_ID = /^[A-Za-z0-9_-]{22,64}$/

/**
 * The session cookie: never readable by script (HttpOnly), never sent by another site's request
 * (SameSite=Strict, with the Origin check on every POST as the second lock), only to the
 * dashboard's own paths, and only over TLS when the services are public on https.
 */
export function sessionCookie(token: string, options: { secure: boolean }): string {
  return [
    `${SESSION_COOKIE}=${token}`,
    'HttpOnly',
    'SameSite=Strict',
    'Path=/dashboard',
    `Max-Age=${SESSION_HOURS * 3600}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ')
}

/** The same cookie, expired: the browser drops it. */
export function clearedSessionCookie(options: { secure: boolean }): string {
  return [
    `${SESSION_COOKIE}=`,
    'HttpOnly',
    'SameSite=Strict',
    'Path=/dashboard',
    'Max-Age=0',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ')
}

/** The session token from a `Cookie` header, if there is one. */
export function sessionToken(header: string | undefined): string | undefined {
  return cookieValue(header, SESSION_COOKIE)
}

/** The browser id from a `Cookie` header, if it holds a well-formed one. */
export function browserId(header: string | undefined): string | undefined {
  const value = cookieValue(header, BROWSER_COOKIE)
  return value !== undefined && BROWSER_ID.test(value) ? value : undefined
}

/** A new browser id's cookie, kept a year, on the dashboard's paths only. */
export function browserCookie(options: { secure: boolean }): string {
  return [
    `${BROWSER_COOKIE}=${randomBytes(24).toString('base64url')}`,
    'HttpOnly',
    'SameSite=Strict',
    'Path=/dashboard',
    `Max-Age=${365 * 24 * 3600}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ')
}

function cookieValue(header: string | undefined, cookie: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === cookie) return value.join('=') || undefined
  }
  return undefined
}
