import { type Address, encodeFunctionData, erc20Abi, formatUnits, type Hex } from 'viem'
import { askNode } from '../chain-data/node.ts'
import type { RequestPart } from '../http/validate.ts'
import { routerAbi } from './abis.ts'
import type { SwapChain, SwapToken } from './market.ts'
import { isRevert, type SwapQuote } from './quote.ts'
import { refuse } from './reasons.ts'

/** How long a built swap may wait for its block before the router refuses it. */
const SWAP_DEADLINE_S = 20 * 60

/**
 * Room above the node's gas estimate, so a swap still fits when the pools or the account's balances
 * change between building and mining (a first receipt of a token costs a fresh storage slot).
 */
const GAS_HEADROOM_PERCENT = 20n

/** The least `amountOut` may fall to at `slippagePercent` (two decimals kept), rounded down. */
export function minimumOut(amountOut: bigint, slippagePercent: number): bigint {
  const keptBasisPoints = 10_000n - BigInt(Math.round(slippagePercent * 100))
  return (amountOut * keptBasisPoints) / 10_000n
}

/** ERC-20 `approve(router, amount)` from the user on `token`: what lets the router take the swap's input. */
export function approveCall(chain: SwapChain, token: SwapToken, amount: bigint): { to: Address; data: Hex } {
  return {
    to: token.address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [chain.router, amount] }),
  }
}

/** How much of `token` the router may take from `owner` now. */
export function allowanceOf(chain: SwapChain, token: SwapToken, owner: Address): Promise<bigint> {
  return askNode(
    chain.client.readContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [owner, chain.router],
    }),
  )
}

export interface SwapTransaction {
  to: Address
  data: Hex
  value: bigint
  gas: bigint
  gasPrice: bigint
  minimumOut: bigint
  /** Unix seconds. */
  deadline: number
}

/**
 * The router call that swaps exactly `quote.amountIn` for at least the quote less `slippagePercent`,
 * paid to `user`, with the node's gas estimate. What would make it fail is refused first, naming
 * the field: more than the account holds, or (an ERC-20 input) more than the router may take.
 */
export async function swapTransaction(
  chain: SwapChain,
  quote: SwapQuote,
  user: Address,
  slippagePercent: number,
  part: RequestPart,
): Promise<SwapTransaction> {
  const { from, amountIn } = quote
  const [balance, allowance, block, gasPrice] = await Promise.all([
    from.native
      ? askNode(chain.client.getBalance({ address: user }))
      : askNode(
          chain.client.readContract({
            address: from.address,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [user],
          }),
        ),
    from.native ? undefined : allowanceOf(chain, from, user),
    askNode(chain.client.getBlock({ blockNumber: quote.blockNumber })),
    askNode(chain.client.getGasPrice()),
  ])
  const units = (amount: bigint) => `${formatUnits(amount, from.decimals)} ${from.symbol}`
  if (balance < amountIn) throw refuse(part, 'amount', `more than ${user} holds (${units(balance)})`)
  if (allowance !== undefined && allowance < amountIn)
    throw refuse(
      part,
      'from',
      `the router may take only ${units(allowance)} from ${user}; approve the amount first (build-approve)`,
    )

  const least = minimumOut(quote.amountOut, slippagePercent)
  // The chain's clock, not only ours: a development chain may run ahead of the wall clock.
  const deadline = Math.max(Math.floor(Date.now() / 1000), Number(block.timestamp)) + SWAP_DEADLINE_S
  const args = [least, quote.path, user, BigInt(deadline)] as const
  const data = from.native
    ? encodeFunctionData({ abi: routerAbi, functionName: 'swapExactETHForTokens', args })
    : encodeFunctionData({
        abi: routerAbi,
        functionName: quote.to.native ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
        args: [amountIn, ...args],
      })
  const value = from.native ? amountIn : 0n
  const estimate = await askNode(
    chain.client.estimateGas({ account: user, to: chain.router, data, value }).catch((error: unknown) => {
      if (!isRevert(error)) throw error
      throw refuse(part, 'amount', `the swap would fail: ${firstLine(error)}`)
    }),
  )
  return {
    to: chain.router,
    data,
    value,
    gas: (estimate * (100n + GAS_HEADROOM_PERCENT)) / 100n,
    gasPrice,
    minimumOut: least,
    deadline,
  }
}

const firstLine = (error: Error) =>
  ('shortMessage' in error && typeof error.shortMessage === 'string'
    ? error.shortMessage
    : error.message
  ).split('\n')[0] ?? ''
