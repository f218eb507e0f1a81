import { ErrorText, ProviderErrorCode } from '@portico/core/shared'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { HttpError, warnOutage } from '../http/errors.ts'
import { outageReply } from '../http/outage.ts'
import { projectOf } from '../http/project-guard.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import { logsRangeRefusal } from './logs-range.ts'
import {
  answerOf,
  errorAnswer,
  LIMIT_EXCEEDED,
  parseBody,
  type Received,
  type RpcAnswer,
  type RpcCall,
  type RpcId,
} from './messages.ts'
import { isProxyMethod } from './methods.ts'
import { costOf } from './rate-limit.ts'
import type { RpcProxy } from './service.ts'

const CHAIN_ID_FORMAT = 'chainId must be a chain id such as 31337 or eip155:31337'

const RpcQuery = z.looseObject({
  chainId: z
    .string({ error: `chainId is required: ${CHAIN_ID_FORMAT}` })
    .regex(/^(eip155:)?[1-9]\d{0,15}$/, CHAIN_ID_FORMAT)
    .transform((value) => Number(value.replace('eip155:', ''))),
})

/**
 * `POST /v1/rpc?chainId&projectId`, behind the `/v1` project guard: JSON-RPC 2.0, one
 * call or a batch of up to 1000, answered in order under the caller's ids. Methods outside the
 * allow-list (methods.ts) and `eth_getLogs` over too many blocks (logs-range.ts) are refused here,
 * each in its place; the rest go to the chain's relay. Each client IP and each project has a budget
 * of cost units a second (rate-limit.ts); past it the answer is a 429 with `Retry-After` and a
 * JSON-RPC error per call saying to slow down, and nothing goes upstream.
 *
 * HTTP status: 200 for every JSON-RPC answer, errors included — a node's errors, refusals and
 * malformed input are answers, not failures of the proxy. 503 only when some call could be answered
 * by no upstream at all, after the retries (the body still holds every answer, those calls with
 * -32002): an HTTP client (viem's among them) then retries the request as for any unavailable
 * server. An upstream that fails while another answers never shows.
 */
export const rpcProxyPlugin: FastifyPluginAsync<{ proxy: RpcProxy }> = async (scope, { proxy }) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  // The body is read here, as text, whatever its content type: JSON that does not parse is answered
  // with JSON-RPC's parse error rather than the services' 400.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))

  app.post('/rpc', { schema: { querystring: RpcQuery } }, async (request, reply) => {
    const relay = proxy.relayFor(request.query.chainId)
    if (!relay) {
      const served = proxy.chainIds.join(', ')
      throw new HttpError(
        400,
        `${ErrorText.CHAIN_NOT_SUPPORTED}: ${request.query.chainId} (the RPC proxy serves ${served})`,
      )
    }
    const parsed = parseBody(typeof request.body === 'string' ? request.body : '')
    if ('invalid' in parsed) return reply.type('application/json').send(JSON.stringify(parsed.invalid))

    const received = 'single' in parsed ? [parsed.single] : parsed.batch
    const { limits } = proxy
    const project = projectOf(request).id
    const waitMs = Math.max(limits.ip.waitMs(request.ip), limits.project.waitMs(project))
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000)
      return reply
        .code(429)
        .header('retry-after', String(seconds))
        .type('application/json')
        .send(JSON.stringify(rateLimited(received, 'single' in parsed, seconds)))
    }
    const cost = received.reduce(
      (sum, element) => sum + ('call' in element ? costOf(element.call.method) : 1),
      0,
    )
    limits.ip.charge(request.ip, cost)
    limits.project.charge(project, cost)

    const answers: RpcAnswer[] = new Array(received.length)
    const forwarded: { at: number; id: RpcId; call: RpcCall }[] = []
    const head = relay.pool.head()
    received.forEach((element, at) => {
      if ('answer' in element) {
        answers[at] = element.answer
        return
      }
      if (!isProxyMethod(element.call.method)) {
        answers[at] = errorAnswer(element.id, ProviderErrorCode.UNSUPPORTED_METHOD, ErrorText.RPC_NOT_ALLOWED)
        return
      }
      const refusal = logsRangeRefusal(element.call, head, limits.maxLogBlocks)
      if (refusal) answers[at] = { jsonrpc: '2.0', id: element.id, error: refusal }
      else forwarded.push({ at, ...element })
    })
    const outcomes = forwarded.length > 0 ? await relay.call(forwarded.map(({ call }) => call)) : []
    let unavailable = false
    outcomes.forEach((outcome, j) => {
      const { at, id } = forwarded[j] as (typeof forwarded)[number]
      if ('unavailable' in outcome) unavailable = true
      answers[at] = answerOf(id, outcome)
    })
    if (unavailable) {
      warnOutage(request, `rpc-${relay.chainId}`, `RPC proxy: no upstream of chain ${relay.chainId} answered`)
      outageReply(reply)
    }
    return reply.type('application/json').send(JSON.stringify('single' in parsed ? answers[0] : answers))
  })
}

/** The 429's body: an error for each call, under its id, in the request's shape. */
function rateLimited(received: readonly Received[], single: boolean, seconds: number) {
  const answers = received.map((element) =>
    errorAnswer(
      'id' in element ? element.id : element.answer.id,
      LIMIT_EXCEEDED,
      `Rate limit exceeded: too many calls from this address or project; slow down and try again in ${seconds} s`,
    ),
  )
  return single ? answers[0] : answers
}
