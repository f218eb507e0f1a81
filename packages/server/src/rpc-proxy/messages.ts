import { z } from 'zod'

/** The most calls one HTTP request may carry. */
export const MAX_BATCH = 1000
/**
 * The deepest nesting of arrays and objects a call's params may have. No node method takes more
 * than a few levels; thousands of levels would overflow the stack of whatever walks them next
 * (the cache key, viem's encoder), after retries, as a 503 instead of the caller's error.
 */
export const MAX_PARAMS_DEPTH = 32

export type RpcId = string | number | null

/** A JSON-RPC error as a node answers it; `data` (a revert's payload, say) passes through unchanged. */
export interface RpcErrorObject {
  code: number
  message: string
  data?: unknown
}

/** One call's outcome without the envelope. `unavailable`: no upstream could answer it (see routes.ts). */
export type Outcome = { result: unknown } | { error: RpcErrorObject; unavailable?: true }

/** A call as it goes upstream. */
export interface RpcCall {
  method: string
  params?: unknown
}

/** One element of what the caller sent: a call to answer, or an answer already (it was not a call). */
export type Received = { call: RpcCall; id: RpcId } | { answer: RpcAnswer }

export type RpcAnswer = { jsonrpc: '2.0'; id: RpcId } & ({ result: unknown } | { error: RpcErrorObject })

/** What the body held: one request (answered with one object) or a batch (answered with an array). */
export type ParsedBody = { single: Received } | { batch: Received[] } | { invalid: RpcAnswer }

const ErrorCode = {
  PARSE: -32700,
  INVALID_REQUEST: -32600,
} as const

/** EIP-1474's "limit exceeded": the proxy's own limits (rate, block range, answer size). */
export const LIMIT_EXCEEDED = -32005

const Id = z.union([z.string(), z.number(), z.null()], {
  error: 'must be a string, a number or null (notifications, without an id, are not relayed)',
})

const Call = z.object(
  {
    jsonrpc: z.literal('2.0', { error: 'must be "2.0"' }),
    method: z.string({ error: 'must be a string' }).min(1, 'must not be empty'),
    params: z
      .union([z.array(z.unknown()), z.record(z.string(), z.unknown())], {
        error: 'must be an array or an object',
      })
      .optional(),
    id: Id,
  },
  { error: 'expected a JSON-RPC 2.0 request object' },
)

export function errorAnswer(id: RpcId, code: number, message: string): RpcAnswer {
  return { jsonrpc: '2.0', id, error: { code, message } }
}

/**
 * Reads the body as JSON-RPC 2.0: one request or a batch of 1 to 1000. What is not JSON, not a
 * request or a batch out of bounds is answered with one JSON-RPC error; a batch element that is not
 * a request gets its own error in its place while the others go ahead.
 */
export function parseBody(text: string): ParsedBody {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { invalid: errorAnswer(null, ErrorCode.PARSE, 'Parse error: the body is not JSON') }
  }
  if (!Array.isArray(json)) {
    return typeof json === 'object' && json !== null
      ? { single: receive(json) }
      : {
          invalid: errorAnswer(
            null,
            ErrorCode.INVALID_REQUEST,
            'Invalid request: expected an object or an array',
          ),
        }
  }
  if (json.length === 0)
    return { invalid: errorAnswer(null, ErrorCode.INVALID_REQUEST, 'Invalid request: the batch is empty') }
  if (json.length > MAX_BATCH)
    return {
      invalid: errorAnswer(
        null,
        ErrorCode.INVALID_REQUEST,
        `Invalid request: a batch of ${json.length} calls is over the limit of ${MAX_BATCH}`,
      ),
    }
  return { batch: json.map(receive) }
}

function receive(element: unknown): Received {
  const parsed = Call.safeParse(element)
  if (parsed.success) {
    const { method, params, id } = parsed.data
    if (nestedDeeperThan(params, MAX_PARAMS_DEPTH))
      return {
        answer: errorAnswer(
          id,
          ErrorCode.INVALID_REQUEST,
          `Invalid request: params are nested more than ${MAX_PARAMS_DEPTH} levels deep`,
        ),
      }
    return { call: params === undefined ? { method } : { method, params }, id }
  }
  // The id is echoed when it can be read, so the caller can tell which element was refused.
  const id = Id.safeParse((element as { id?: unknown } | null)?.id)
  const issue = parsed.error.issues[0]
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
  return {
    answer: errorAnswer(
      id.success ? id.data : null,
      ErrorCode.INVALID_REQUEST,
      `Invalid request: ${where}${issue?.message ?? 'not a JSON-RPC 2.0 request'}`,
    ),
  }
}

/** Whether `value` holds arrays or objects more than `limit` levels deep; walks no further than that. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  let level: unknown[] = [value]
  for (let depth = 0; depth <= limit; depth++) {
    const containers = level.filter((item): item is object => typeof item === 'object' && item !== null)
    if (containers.length === 0) return false
    if (depth === limit) return true
    level = containers.flatMap((container) => Object.values(container))
  }
  return false
}

/** Puts an outcome back in its envelope under the caller's id. */
export function answerOf(id: RpcId, outcome: Outcome): RpcAnswer {
  return 'result' in outcome
    ? { jsonrpc: '2.0', id, result: outcome.result }
    : { jsonrpc: '2.0', id, error: outcome.error }
}
