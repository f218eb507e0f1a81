/**
 * The convert routes of the services (behaviour §7 convert tokens/quotes/allowance/build-approve/
 * build-transaction), in the shapes AppKit's convert client reads, one typed function per call.
 */
import type { ServicesClient } from '../account/http-client.ts'
import type { SwapToken } from './swap.ts'

export interface SwapTransaction {
  /** CAIP-10, as the services write accounts and contracts. */
  from: string
  to: string
  data: `0x${string}`
  /** The native value for an approval; a swap's native value is the pay amount, sent by the caller. */
  value?: string | undefined
  eip155?: { gas?: string | undefined; gasPrice?: string | undefined } | undefined
}

export interface SwapQuote {
  toAmount: bigint
  /** Percent, e.g. 0.12; absent when the services do not say. */
  priceImpact: number | undefined
}

async function getSwapTokens(client: ServicesClient, chainId: string): Promise<SwapToken[]> {
  const answer = await client.get<{ tokens?: SwapToken[] }>({
    path: '/v1/convert/tokens',
    query: { chainId },
  })
  return answer.tokens ?? []
}

export async function getSwapQuote(
  client: ServicesClient,
  query: { amount: bigint; userAddress: string; from: string; to: string },
  signal?: AbortSignal,
): Promise<SwapQuote> {
  const answer = await client.get<{ quotes?: { toAmount: string; priceImpact?: number | string }[] }>({
    path: '/v1/convert/quotes',
    query: { ...query, amount: query.amount.toString() },
    signal,
  })
  const [quote] = answer.quotes ?? []
  if (!quote) throw new Error('No quote')
  const impact = quote.priceImpact === undefined ? undefined : Number(quote.priceImpact)
  return { toAmount: BigInt(quote.toAmount), priceImpact: Number.isFinite(impact) ? impact : undefined }
}

/** `tokenAddress` is the token's CAIP-10 address, as the tokens list names it. */
export async function getSwapAllowance(
  client: ServicesClient,
  query: { tokenAddress: string; userAddress: string },
): Promise<bigint> {
  const answer = await client.get<{ allowance: string }>({ path: '/v1/convert/allowance', query })
  return BigInt(answer.allowance)
}

export async function buildSwapApproval(
  client: ServicesClient,
  query: { userAddress: string; from: string; to: string; amount: bigint },
): Promise<SwapTransaction> {
  const answer = await client.get<{ tx: SwapTransaction }>({
    path: '/v1/convert/build-approve',
    query: { ...query, amount: query.amount.toString() },
  })
  return answer.tx
}

export async function buildSwapTransaction(
  client: ServicesClient,
  body: { amount: bigint; from: string; to: string; userAddress: string; slippage: number },
): Promise<SwapTransaction> {
  const { slippage, amount, ...rest } = body
  const answer = await client.post<{ tx: SwapTransaction }>({
    path: '/v1/convert/build-transaction',
    body: { ...rest, amount: amount.toString(), eip155: { slippage } },
  })
  return answer.tx
}

/** Swaps need the services to know the network: their refusal is said as they word it (behaviour §8). */
const SWAPS_UNAVAILABLE = 'Swaps are unavailable right now. Try again in a moment.'

/** The swap tokens, or rejects with the sentence to show (e.g. `Network not supported for Swaps`). */
export function swapTokensOf(client: ServicesClient, chainId: string): Promise<SwapToken[]> {
  return getSwapTokens(client, chainId).catch((error: unknown) => {
    const reason = (error as { reason?: unknown }).reason
    throw typeof reason === 'string' && (error as { code?: number }).code === 400 ? reason : SWAPS_UNAVAILABLE
  })
}
