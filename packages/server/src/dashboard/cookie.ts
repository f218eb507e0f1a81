import { SESSION_COOKIE, SESSION_HOURS } from './sessions.ts'

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
  if (!header) return undefined
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === SESSION_COOKIE) return value.join('=') || undefined
  }
  return undefined
}
