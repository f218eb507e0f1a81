import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CHAIN_UNAVAILABLE_MESSAGE, ChainUnavailableError } from '../chain-data/node.ts'
import { DatabaseUnavailableError } from '../db/unavailable.ts'
import { OutageLog, outageReply } from './outage.ts'

/**
 * An error whose message is meant for the caller, sent as `{error: {code, message}}`. The code is
 * the status's name unless the caller must tell this refusal from others of its status. `field`
 * names the part of the request refused (`query.amount`), for routes that also answer it apart
 * (the convert routes' `reasons`).
 */
export class HttpError extends Error {
  override name = 'HttpError'
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errorCode?: string,
    readonly field?: string,
  ) {
    super(message)
  }
}

export function errorBody(
  statusCode: number,
  message: string,
  code = errorCode(statusCode),
): { error: { code: string; message: string } } {
  return { error: { code, message } }
}

/** 404 → NOT_FOUND, 403 → FORBIDDEN, 503 → SERVICE_UNAVAILABLE, …; a bug is just INTERNAL. */
function errorCode(statusCode: number): string {
  if (statusCode === 500) return 'INTERNAL'
  return (STATUS_CODES[statusCode] ?? 'Bad Request').toUpperCase().replace(/[^A-Z]+/g, '_')
}

/**
 * One shape for every failure, for the services and the demo page's server alike. Our own HttpErrors and Fastify's client errors (bad JSON, body
 * too large) say what was wrong; a database that is away (restarting) or a chain node that does not
 * answer is a 503 with `Retry-After` the caller may retry, its warnings thinned by `outageLog`;
 * anything else is a bug whose detail belongs in the log only.
 */
export function installErrorHandling(app: FastifyInstance, outageLog = new OutageLog()): void {
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody(404, 'Not found')))
  app.setErrorHandler(answerError)
  // Known to every request, so routes that answer errors themselves (answerError) thin them too.
  app.addHook('onRequest', async (request) => {
    outageLogs.set(request, outageLog)
  })
}

const outageLogs = new WeakMap<FastifyRequest, OutageLog>()

/**
 * Also Fastify's `frameworkErrors` option: errors raised before routing (a URL that is not
 * valid percent-encoding) would otherwise get Fastify's own body shape.
 */
export function answerError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const status = (error as { statusCode?: unknown }).statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = error instanceof HttpError ? error.errorCode : undefined
    return reply.code(status).send(errorBody(status, error.message, code))
  }
  // A refusal of ours with a 5xx status: something the services depend on (a login provider, Farcaster's relay, the OP Mainnet node) is away.
  if (error instanceof HttpError && typeof status === 'number' && status >= 500) {
    request.log.warn(error.message)
    return reply.code(status).send(errorBody(status, error.message, error.errorCode))
  }
  if (error instanceof DatabaseUnavailableError) {
    warnOutage(request, 'database', error.message)
    return outageReply(reply).send(errorBody(503, 'The database is unavailable. Please try again shortly.'))
  }
  if (error instanceof ChainUnavailableError) {
    warnOutage(request, 'chain', error.message)
    return outageReply(reply).send(errorBody(503, CHAIN_UNAVAILABLE_MESSAGE, 'CHAIN_UNAVAILABLE'))
  }
  request.log.error({ err: error }, 'request failed')
  return reply.code(500).send(errorBody(500, 'Internal error'))
}

/** Thinned by the app's outage log; an app without one (errors before routing) writes each line. */
export function warnOutage(request: FastifyRequest, kind: string, message: string): void {
  const outageLog = outageLogs.get(request)
  if (outageLog) outageLog.warn(request.log, kind, message)
  else request.log.warn(message)
}
