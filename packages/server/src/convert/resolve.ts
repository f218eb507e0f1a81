import { ErrorText } from '@portico/core/shared'
import type { Address } from 'viem'
import { HttpError } from '../http/errors.ts'
import type { RequestPart } from '../http/validate.ts'
import { type SwapChain, type SwapToken, tokenAt } from './market.ts'
import type { TokenRef, UserRef } from './params.ts'
import { refuse } from './reasons.ts'

// From what the caller named to what the swaps offer: the chain (or `Network not supported for
// Swaps`), its tokens, and an account on that chain. Each refusal names the field it is about.

/** The swap chain with this CAIP-2 id; any other is `Network not supported for Swaps`. */
export function swapChainOf(
  chains: ReadonlyMap<string, SwapChain>,
  caipNetworkId: string,
  part: RequestPart,
  field: string,
): SwapChain {
  const chain = chains.get(caipNetworkId)
  if (!chain)
    throw new HttpError(400, ErrorText.NETWORK_NOT_SUPPORTED_FOR_SWAPS, undefined, `${part}.${field}`)
  return chain
}

/** The token `ref` names on `chain`: on another chain, or not one of its swap tokens, is refused. */
export function swapTokenOf(chain: SwapChain, ref: TokenRef, part: RequestPart, field: string): SwapToken {
  if (ref.caipNetworkId !== chain.caipNetworkId)
    throw refuse(part, field, `must be on ${chain.caipNetworkId}, the chain of the swap`)
  const token = tokenAt(chain, ref.address)
  if (!token)
    throw refuse(
      part,
      field,
      `unknown token ${ref.address}: ${chain.caipNetworkId} swaps ${chain.tokens.map((t) => t.symbol).join(', ')}`,
    )
  return token
}

/** The chain and token of the request's first token field, which the other fields must share. */
export function firstSwapToken(
  chains: ReadonlyMap<string, SwapChain>,
  ref: TokenRef,
  part: RequestPart,
  field: string,
): { chain: SwapChain; token: SwapToken } {
  const chain = swapChainOf(chains, ref.caipNetworkId, part, field)
  return { chain, token: swapTokenOf(chain, ref, part, field) }
}

/** The account's address, when it is on `chain` (a bare 0x address is taken to be). */
export function accountOn(chain: SwapChain, user: UserRef, part: RequestPart): Address {
  if (user.caipNetworkId !== undefined && user.caipNetworkId !== chain.caipNetworkId)
    throw refuse(part, 'userAddress', `must be on ${chain.caipNetworkId}, the chain of the swap`)
  return user.address
}

/** Only an ERC-20 has an allowance to ask about or approve. */
export function requireErc20(token: SwapToken, part: RequestPart, field: string): SwapToken {
  if (token.native) throw refuse(part, field, `${token.symbol} is the native token: it needs no approval`)
  return token
}
