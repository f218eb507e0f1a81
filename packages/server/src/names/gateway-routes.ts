/**
 * The names gateway as EIP-3668 routes: `GET {GATEWAY_PATH}/{sender}/{data}.json` (the URL the
 * resolver hands out; a simple GET, so a browser sends no preflight) and `POST {GATEWAY_PATH}` with
 * `{sender, data}`, both answering `{data}`. Any ENS-aware app or server calls them, with no project
 * and no Origin of ours, so they sit outside the /v1 project guard (server.ts): open to every
 * origin, limited per IP, and they only read.
 */

import { coinTypeOf } from '@portico/core/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'
import type { Address, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { z } from 'zod'
import type { Tables } from '../db/tables.ts'
import { HttpError } from '../http/errors.ts'
import { ipRateLimit } from '../http/ip-rate-limit.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import { ANSWER_TTL_S, answerOf, GatewayInputError, readQuestion, signAnswer } from './gateway.ts'
import { findName, namesOf } from './repository.ts'
import type { NamesOptions } from './routes.ts'

export const GATEWAY_PATH = '/v1/names/gateway'

/** The URL PorticoNameResolver is given: the services' public origin, the GET route's template. */
export const gatewayUrlOf = (publicOrigin: string) => `${publicOrigin}${GATEWAY_PATH}/{sender}/{data}.json`

/** One page showing a hundred names resolves them all; a flood from one address does not get far. */
const RATE_LIMIT = { max: 600, windowMs: 60_000 }
/** A question is a name (at most 255 bytes) and a resolver call: a few hundred bytes. */
const MAX_DATA_HEX = 8192

const Sender = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected the resolver: 0x and 40 hex digits')
const Data = z
  .string()
  .max(MAX_DATA_HEX, `at most ${MAX_DATA_HEX} characters`)
  .regex(/^0x([0-9a-fA-F]{2})*$/, 'expected 0x-prefixed hex bytes')
const GetParams = z.object({
  sender: Sender,
  // The wildcard: `{data}.json`. A parameter would be cut off at Fastify's 100 characters.
  '*': z
    .string()
    .max(MAX_DATA_HEX + 5)
    .transform((value) => value.replace(/\.json$/, ''))
    .pipe(Data),
})
const PostBody = z.object({ sender: Sender, data: Data })
const Answer = z.object({ data: z.string() })

export function nameGatewayPlugin(
  db: Kysely<Tables>,
  options: NamesOptions & { gatewayKey: Hex },
): FastifyPluginAsync {
  const key = privateKeyToAccount(options.gatewayKey)
  const chainCoinType = BigInt(coinTypeOf(options.chainId))
  const now = options.now ?? Date.now
  const limit = ipRateLimit(RATE_LIMIT, now)

  async function answer(sender: string, data: string): Promise<{ data: Hex }> {
    let question: ReturnType<typeof readQuestion>
    try {
      question = readQuestion(data as Hex, options.suffix)
    } catch (error) {
      if (error instanceof GatewayInputError) throw new HttpError(400, `data: ${error.message}`)
      throw error
    }
    const label = question.kind === 'addr' || question.kind === 'text' ? question.label : undefined
    const record = label === undefined ? undefined : await findName(db, label)
    const reverse = question.kind === 'reverse' ? question.address : undefined
    const primaryName = reverse === undefined ? undefined : await primaryNameOf(reverse)
    const result = answerOf(
      question,
      { name: record && { address: record.address as Address, attributes: record.attributes }, primaryName },
      chainCoinType,
    )
    return {
      data: await signAnswer(key, {
        // Lower-cased: a mixed-case address with a wrong checksum is still the same resolver.
        resolver: sender.toLowerCase() as Address,
        question: data as Hex,
        result,
        expires: BigInt(Math.floor(now() / 1000) + ANSWER_TTL_S),
      }),
    }
  }

  async function primaryNameOf(address: string): Promise<string | undefined> {
    const [first] = await namesOf(db, address)
    // As an ENS name: normalised (UTS-46), which for letters, digits and hyphens is lower case.
    return first?.primary ? `${first.label}.${options.suffix}`.toLowerCase() : undefined
  }

  return async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>()
    app.addHook('onRequest', async (request, reply) => {
      // Errors too must reach a browser page's script, or viem there sees only a network failure.
      reply.header('access-control-allow-origin', '*')
      if (!limit.take(request.ip)) throw new HttpError(429, 'Too many name lookups from this address')
    })
    // Answers change when a name does, and they expire within a minute anyway.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store')
    })

    app.get('/:sender/*', { schema: { params: GetParams, response: { 200: Answer } } }, async (request) =>
      answer(request.params.sender, request.params['*']),
    )
    app.post(
      '/',
      // The longest question, with room for the JSON around it.
      { bodyLimit: 2 * MAX_DATA_HEX, schema: { body: PostBody, response: { 200: Answer } } },
      async (request) => answer(request.body.sender, request.body.data),
    )
    // viem POSTs JSON when the URL has no {data}: from a browser, that asks first.
    app.options('/', async (_request, reply) =>
      reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '7200')
        .send(),
    )
  }
}
