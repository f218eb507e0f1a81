import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { answerError, errorBody, HttpError } from '../http/errors.ts'
import type { RequestPart } from '../http/validate.ts'

/** AppKit's wording for an amount the pools cannot fill, which its convert client recognises. */
export const INSUFFICIENT_LIQUIDITY = 'Conversion parameter error: insufficient liquidity'

/** A 400 about one field of the request, said as the route schemas say theirs: `query.amount: …`. */
export function refuse(part: RequestPart, field: string, text: string): HttpError {
  return new HttpError(400, `${part}.${field}: ${text}`, undefined, `${part}.${field}`)
}

/**
 * The convert routes' error handler. AppKit's convert client reads a refusal as
 * `{status: 'FAILED', reasons: [{field, description}]}`; these routes answer every 400 in the
 * services' one shape, `{error: {code, message}}`, with those two beside it: `field` is the
 * refused field without its part (`amount`, `eip155.slippage`; `request` when the refusal is about
 * the whole request) and `description` the message without the field in front. Other failures are
 * answered as everywhere else.
 */
export function answerWithReasons(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if ((error as { statusCode?: unknown }).statusCode !== 400) return answerError(error, request, reply)
  const path = error instanceof HttpError ? error.field : undefined
  const description =
    path && error.message.startsWith(`${path}: `) ? error.message.slice(path.length + 2) : error.message
  const field = path?.split('.').slice(1).join('.') || 'request'
  const code = error instanceof HttpError ? error.errorCode : undefined
  return reply
    .code(400)
    .send({ ...errorBody(400, error.message, code), status: 'FAILED', reasons: [{ field, description }] })
}
