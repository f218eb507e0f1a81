import { classifyRpcMethod, ErrorText, JsonRpcErrorCode, ProviderErrorCode } from '@portico/core/shared'
import { z } from 'zod'
import type { Outcome } from '../rpc-proxy/messages.ts'
import type { ChainRelay } from '../rpc-proxy/relay.ts'

const RpcError = z.object({ code: z.number(), message: z.string() })
/** What the chain's node answers: a result, or an error in JSON-RPC's shape. */
const NodeAnswer = z.object({ result: z.unknown().optional(), error: RpcError.optional() })
const MALFORMED = 'The chain answered with something that is not JSON-RPC'

/** The answer of `/rpc`: a JSON-RPC result or error, without the envelope. */
export const RpcOutcome = z.union([z.object({ result: z.unknown() }), z.object({ error: RpcError })])
type RpcOutcome = z.input<typeof RpcOutcome>

export interface ChainSettings {
  rpcUrl: string
  chainId: number
  /** The RPC proxy's relay for this chain when it serves it: its ranked upstreams, retries and cache. */
  relay?: ChainRelay | undefined
}

/** Methods that name the wallet's own accounts: answered here, never by the node, which has its own. */
const ACCOUNT_METHODS = new Set(['eth_accounts', 'eth_requestAccounts', 'eth_coinbase'])

/**
 * The embedded wallet's JSON-RPC (behaviour §6) for what needs no key: account methods are
 * answered with the user's own address, safe methods (reads, and `eth_sendRawTransaction` of what
 * the frame signed) go to the chain unchanged. The services hold no key to sign with:
 * every approval method is refused, so a session token alone never yields a signature.
 */
export async function answerRpc(
  chain: ChainSettings,
  request: { method: string; params?: unknown },
  userAddress: string | null,
): Promise<RpcOutcome> {
  const { method, params } = request
  if (ACCOUNT_METHODS.has(method)) {
    const accounts = userAddress ? [userAddress] : []
    return { result: method === 'eth_coinbase' ? userAddress : accounts }
  }
  const kind = classifyRpcMethod(method)
  if (kind === 'rejected')
    return { error: { code: ProviderErrorCode.UNSUPPORTED_METHOD, message: ErrorText.RPC_NOT_ALLOWED } }
  if (kind === 'safe')
    return chain.relay ? relay(chain.relay, method, params) : forward(chain, method, params)
  return {
    error: {
      code: ProviderErrorCode.UNAUTHORIZED,
      message: 'This request must be signed in the secure frame',
    },
  }
}

async function relay(via: ChainRelay, method: string, params: unknown): Promise<RpcOutcome> {
  const [outcome] = (await via.call([{ method, params: params ?? [] }])) as [Outcome]
  return 'result' in outcome ? { result: outcome.result ?? null } : { error: outcome.error }
}

/** Straight to the chain's node: one try, 10 s (behaviour §9), when no RPC proxy serves the chain. */
async function forward(chain: ChainSettings, method: string, params: unknown): Promise<RpcOutcome> {
  try {
    const response = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
      signal: AbortSignal.timeout(10_000),
    })
    const body = NodeAnswer.safeParse(await response.json())
    // A node (or a proxy in front of it) answering something else than JSON-RPC is unavailable to
    // the wallet, not a failure of the services.
    if (!body.success) return { error: { code: JsonRpcErrorCode.RESOURCE_UNAVAILABLE, message: MALFORMED } }
    if (body.data.error) return { error: body.data.error }
    return { result: body.data.result ?? null }
  } catch (error) {
    return { error: { code: JsonRpcErrorCode.RESOURCE_UNAVAILABLE, message: shortMessage(error) } }
  }
}

function shortMessage(error: unknown): string {
  const short = (error as { shortMessage?: unknown })?.shortMessage
  if (typeof short === 'string') return short
  return error instanceof Error ? (error.message.split('\n')[0] ?? 'RPC failed') : 'RPC failed'
}
