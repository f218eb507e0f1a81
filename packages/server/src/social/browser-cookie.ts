/**
 * The popup's cookie: the `go` page sets it to a random value whose keyed hash the attempt keeps,
 * and the provider's answer counts only when it comes back to the browser that holds it. `__Host-`
 * pins it to the services' own host and path / with Secure (browsers take Secure cookies from
 * http://localhost too, so development works); HttpOnly keeps it from script; SameSite=Lax still
 * sends it on the provider's top-level redirect back (a GET), while another site's form post does
 * not carry it (Apple's is bounced through a page of ours, pages.ts).
 */
const BROWSER_COOKIE = '__Host-portico_social'
/** As long as an attempt lives. */
const MAX_AGE_S = 10 * 60

const attributes = ['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/']

export const browserCookie = (secret: string): string =>
  [`${BROWSER_COOKIE}=${secret}`, ...attributes, `Max-Age=${MAX_AGE_S}`].join('; ')

/** The same cookie, expired: the answer took it. */
export const clearedBrowserCookie = (): string =>
  [`${BROWSER_COOKIE}=`, ...attributes, 'Max-Age=0'].join('; ')

/** The value from a `Cookie` header, if the browser sent one. */
export function browserSecretOf(header: string | undefined): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=')
    if (name === BROWSER_COOKIE) return value.join('=') || undefined
  }
  return undefined
}
