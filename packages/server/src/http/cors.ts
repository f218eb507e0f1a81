import type { FastifyReply, FastifyRequest } from 'fastify'

const ALLOWED_METHODS = 'GET, POST, PUT, DELETE, OPTIONS'
/** Browsers cache a preflight answer at most this long anyway (Chromium caps at 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 7200
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9a-z-]+$/

/**
 * Lets the browser hand an error to the page's script — so the SDK can read the spec's text and
 * show "Invalid App Configuration" — without granting anything else.
 */
export function exposeError(request: FastifyRequest, reply: FastifyReply): void {
  const origin = request.headers.origin
  // An origin is printable ASCII without spaces; anything else (a NUL, say) is no page's and could
  // not even be written back as a header, which would turn the refusal into a 500.
  if (origin === undefined || !/^[\x21-\x7e]+$/.test(origin)) return
  reply.header('access-control-allow-origin', origin).header('vary', 'Origin')
}

/** Full access for an origin on the project's allow-list, cookies included. */
export function allowOrigin(reply: FastifyReply, origin: string): void {
  reply
    .header('access-control-allow-origin', origin)
    .header('access-control-allow-credentials', 'true')
    .header('vary', 'Origin')
}

/** Answers a preflight from an allowed origin, granting any header it asks for besides content-type. */
export function answerPreflight(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const requested = (request.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => HEADER_NAME.test(name))
  return reply
    .code(204)
    .header('access-control-allow-methods', ALLOWED_METHODS)
    .header('access-control-allow-headers', [...new Set(['content-type', ...requested])].join(', '))
    .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
    .header('vary', 'Origin, Access-Control-Request-Headers')
    .send()
}
