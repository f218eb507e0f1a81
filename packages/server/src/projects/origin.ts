export type OriginResult = { ok: true; origin: string } | { ok: false; reason: string }

/**
 * Reduces an origin to the form a browser sends in the `Origin` header — lowercase scheme and
 * host, punycode, no default port — so allow-list entries and headers compare as plain strings.
 * Anything more than an origin (path, query, credentials) is refused rather than silently cut
 * off, so a pasted page URL does not quietly allow a whole site.
 */
export function normaliseOrigin(input: string): OriginResult {
  const text = input.trim()
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return invalid(input, 'not a URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return invalid(input, 'only http and https are allowed')
  }
  if (url.username || url.password) return invalid(input, 'it must not contain credentials')
  if (url.pathname !== '/' || /[?#]/.test(text)) {
    return invalid(input, 'an origin is scheme://host[:port], without a path, query or fragment')
  }
  return { ok: true, origin: url.origin }
}

function invalid(input: string, why: string): OriginResult {
  return { ok: false, reason: `Invalid origin "${input}": ${why}` }
}
