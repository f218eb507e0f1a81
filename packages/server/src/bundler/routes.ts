import type { FastifyPluginAsync } from 'fastify'
import { projectOf } from '../http/project-guard.ts'
import { parseBody, type RpcAnswer } from '../rpc-proxy/messages.ts'
import { BundlerError, BundlerErrorCode } from './errors.ts'
import type { Bundler } from './service.ts'

/**
 * `POST /v1/bundler?projectId`, behind the `/v1` project guard: JSON-RPC 2.0 (one call
 * or a batch) with the ERC-4337 bundler methods and the ERC-7677 paymaster methods, for viem's
 * `createBundlerClient` and `createPaymasterClient`. Refusals are JSON-RPC errors with ERC-7769
 * codes in a 200 answer. The paymaster methods sign here only for the calls the operator sponsors
 * for any account (the project's users are sponsored through the frame's session route), limited
 * per IP, and counted for the project the guard admitted.
 */
export const bundlerPlugin: FastifyPluginAsync<{ bundler: Bundler }> = async (scope, { bundler }) => {
  // Read as text, whatever the content type: what does not parse gets JSON-RPC's parse error.
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))

  scope.post('/bundler', async (request, reply) => {
    const { id: projectId } = projectOf(request)
    const parsed = parseBody(typeof request.body === 'string' ? request.body : '')
    if ('invalid' in parsed) return reply.type('application/json').send(JSON.stringify(parsed.invalid))
    const received = 'single' in parsed ? [parsed.single] : parsed.batch
    const answers = await Promise.all(
      received.map(async (element): Promise<RpcAnswer> => {
        if ('answer' in element) return element.answer
        const { id, call } = element
        try {
          const result = await bundler.call(call.method, call.params ?? [], projectId, {
            kind: 'page',
            ip: request.ip,
          })
          return { jsonrpc: '2.0', id, result }
        } catch (error) {
          if (error instanceof BundlerError)
            return {
              jsonrpc: '2.0',
              id,
              error: {
                code: error.code,
                message: error.message,
                ...(error.data === undefined ? {} : { data: error.data }),
              },
            }
          request.log.error(error, `Bundler: ${call.method} failed`)
          return {
            jsonrpc: '2.0',
            id,
            error: {
              code: BundlerErrorCode.INTERNAL,
              message: 'The bundler could not answer: try again shortly',
            },
          }
        }
      }),
    )
    return reply.type('application/json').send(JSON.stringify('single' in parsed ? answers[0] : answers))
  })
}
