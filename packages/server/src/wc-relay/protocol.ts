import { z } from 'zod'
import { checkRequest } from '../http/validate.ts'

/**
 * The relay's JSON-RPC over WebSocket (the `irn_*` methods of WalletConnect's relay API, plus the two
 * that sign-client 2.21 sends when a session is proposed and approved). Params are loose objects:
 * the clients spread extra fields into them (`correlationId` and the rest of their `tvf` options).
 */

export const RpcErrorCode = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL: -32603,
  /** EIP-1474's "limit exceeded": too many requests, or subscriptions, on one socket. */
  LIMIT_EXCEEDED: -32005,
  /** EIP-1474's "resource unavailable": the mailbox's database is down; the same request may succeed later. */
  UNAVAILABLE: -32002,
} as const

/** The tags sign-client gives the messages the relay sends on its behalf for the two session methods. */
export const SessionTag = { PROPOSE: 1100, PROPOSE_RESPONSE: 1101, SETTLE: 1102 } as const

/** The spec's bound for topics in one batch (subscribe, unsubscribe, fetch). */
export const MAX_BATCH_TOPICS = 500
const MAX_BATCH_MESSAGES = 100
/** Between 10 seconds and 30 days, what the clients use (5 minutes to 30 days). */
const TTL_SECONDS = { min: 10, max: 30 * 24 * 60 * 60 }

const Topic = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hexadecimal characters')
/** Sizes are checked against the configured limit later, in bytes; this only bounds the parse. */
const Message = z.string().min(1, 'must not be empty')
const Ttl = z.int().min(TTL_SECONDS.min).max(TTL_SECONDS.max)
/** uint32, as in the spec. */
const Tag = z.int().min(0).max(0xffff_ffff)
/** A Verify API JWT (a few hundred characters); passed on to the subscriber as the client sent it. */
const Attestation = z.string().max(4096).optional()

const PublishParams = z.looseObject({
  topic: Topic,
  message: Message,
  ttl: Ttl,
  tag: Tag.default(0),
  prompt: z.boolean().optional(),
  attestation: Attestation,
})

const Topics = z.array(Topic).min(1).max(MAX_BATCH_TOPICS)

const MethodParams = {
  irn_subscribe: z.looseObject({ topic: Topic }),
  irn_batchSubscribe: z.looseObject({ topics: Topics }),
  irn_unsubscribe: z.looseObject({ topic: Topic, id: z.string().max(128).optional() }),
  irn_batchUnsubscribe: z.looseObject({
    subscriptions: z
      .array(z.looseObject({ topic: Topic, id: z.string().max(128).optional() }))
      .min(1)
      .max(MAX_BATCH_TOPICS),
  }),
  irn_publish: PublishParams,
  irn_batchPublish: z.looseObject({ messages: z.array(PublishParams).min(1).max(MAX_BATCH_MESSAGES) }),
  irn_fetchMessages: z.looseObject({ topic: Topic }),
  irn_batchFetchMessages: z.looseObject({ topics: Topics }),
  wc_proposeSession: z.looseObject({
    pairingTopic: Topic,
    sessionProposal: Message,
    ttl: Ttl,
    attestation: Attestation,
  }),
  wc_approveSession: z.looseObject({
    sessionTopic: Topic,
    pairingTopic: Topic,
    sessionProposalResponse: Message,
    sessionSettlementRequest: Message,
    ttl: Ttl,
  }),
} as const

export type Method = keyof typeof MethodParams
export type Params<M extends Method> = z.output<(typeof MethodParams)[M]>
export type PublishParams = z.output<typeof PublishParams>

/** JSON-RPC ids the clients use: numbers, or (sign-client 2.21) big numbers written as strings. */
const Id = z.union([z.string().max(128), z.number()])

const RequestFrame = z.object({
  jsonrpc: z.literal('2.0'),
  id: Id,
  method: z.string().max(128),
  params: z.unknown().optional(),
})

const ResponseFrame = z.object({ id: Id, result: z.unknown().optional(), error: z.unknown().optional() })

export type RpcId = z.output<typeof Id>

export interface RpcError {
  code: number
  message: string
}

/** What one frame from a client is. */
export type Frame =
  | { kind: 'request'; id: RpcId; method: Method; params: unknown }
  | { kind: 'response'; id: RpcId; ok: boolean }
  | { kind: 'invalid'; id: RpcId | null; error: RpcError }

/** Reads one text frame; anything that is not a request for a known method says why, with the id when there is one. */
export function readFrame(text: string): Frame {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return invalid(null, RpcErrorCode.PARSE_ERROR, 'Parse error: not JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return invalid(null, RpcErrorCode.INVALID_REQUEST, 'Invalid request: expected one JSON-RPC object')
  // An answer to a message the relay pushed (`irn_subscription`): the client's acknowledgement.
  if (!('method' in value)) {
    const response = ResponseFrame.safeParse(value)
    if (response.success && ('result' in value || 'error' in value))
      return { kind: 'response', id: response.data.id, ok: response.data.error === undefined }
  }
  const request = RequestFrame.safeParse(value)
  if (!request.success) {
    const id = Id.safeParse((value as { id?: unknown }).id)
    const issue = request.error.issues[0]
    return invalid(
      id.success ? id.data : null,
      RpcErrorCode.INVALID_REQUEST,
      `Invalid request: ${issue?.path.join('.') || 'frame'}: ${issue?.message ?? 'invalid'}`,
    )
  }
  const { id, method, params } = request.data
  if (!Object.hasOwn(MethodParams, method))
    return invalid(id, RpcErrorCode.METHOD_NOT_FOUND, `Method not found: ${method}`)
  return { kind: 'request', id, method: method as Method, params }
}

/** The params of `method`, or the refusal naming the first wrong field (text Postgres cannot store included). */
export function readParams<M extends Method>(
  method: M,
  params: unknown,
): { params: Params<M> } | { error: RpcError } {
  const checked = checkRequest(MethodParams[method], params, 'params')
  if ('error' in checked)
    return {
      error: { code: RpcErrorCode.INVALID_PARAMS, message: `Invalid params: ${checked.error.message}` },
    }
  return { params: checked.value as Params<M> }
}

export const resultFrame = (id: RpcId, result: unknown) => JSON.stringify({ id, jsonrpc: '2.0', result })

export const errorFrame = (id: RpcId | null, error: RpcError) => JSON.stringify({ id, jsonrpc: '2.0', error })

function invalid(id: RpcId | null, code: number, message: string): Frame {
  return { kind: 'invalid', id, error: { code, message } }
}
