import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** The services' failure shape (`@portico/server`'s `http/errors.ts`), so callers read both alike. */
export interface ErrorBody {
  error: { code: string; message: string }
}

/** An error whose message is meant for the caller. */
export class PageError extends Error {
  override name = 'PageError'
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
  }
}

/** 404 → NOT_FOUND, 413 → PAYLOAD_TOO_LARGE, …; a bug is just INTERNAL. */
export function errorBody(statusCode: number, message: string): ErrorBody {
  const code =
    statusCode === 500
      ? 'INTERNAL'
      : (STATUS_CODES[statusCode] ?? 'Bad Request').toUpperCase().replace(/[^A-Z]+/g, '_')
  return { error: { code, message } }
}

/**
 * Client errors (ours, Fastify's: bad JSON, body too large, bad URL) say what was wrong; anything
 * else is a bug whose detail — stack, file paths — belongs in the log only. Also Fastify's
 * `frameworkErrors` option, for errors raised before routing.
 */
export function answerError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const status = (error as { statusCode?: unknown }).statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return reply.code(status).send(errorBody(status, error.message))
  }
  request.log.error({ err: error }, 'request failed')
  return reply.code(500).send(errorBody(500, 'Internal error'))
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody(404, 'Not found')))
  app.setErrorHandler(answerError)
}
