import { type Address, BaseError, ContractFunctionRevertedError, ExecutionRevertedError } from 'viem'
import { askNode } from '../chain-data/node.ts'
import type { RequestPart } from '../http/validate.ts'
import { pairAbi, routerAbi } from './abis.ts'
import { routerAddress, type SwapChain, type SwapToken } from './market.ts'
import { INSUFFICIENT_LIQUIDITY, refuse } from './reasons.ts'

/**
 * A quote that would take more than this share off the pools' own price (their fee aside) is
 * refused as insufficient liquidity: the pools do not hold enough for that amount, and a swap
 * that gives away more than half its value is a mistake rather than a trade.
 */
const MAX_PRICE_IMPACT_PERCENT = 50

export interface SwapQuote {
  from: SwapToken
  to: SwapToken
  amountIn: bigint
  amountOut: bigint
  /** The router's path: WETH stands for the native token. */
  path: Address[]
  /** Percent of the pools' price the amount loses to its own size, the pools' fee aside. */
  priceImpact: number
  /** The block every number was read at. */
  blockNumber: bigint
}

/** The router paths worth asking: ETH and a token trade directly; two tokens directly or through WETH. */
export function candidatePaths(weth: Address, from: Address, to: Address): Address[][] {
  const direct = [from, to]
  return from === weth || to === weth ? [direct] : [direct, [from, weth, to]]
}

// The pools' fee, 0.3 % of every input, as parts per thousand kept (UniswapV2Library.getAmountOut).
const FEE_KEPT = 997n
const FEE_BASE = 1000n
const PPM = 1_000_000n

/**
 * How much less `amountOut` is than what `amountIn` would fetch at the pools' current prices after
 * their fee, in percent (4 decimals): each hop `[reserveIn, reserveOut]`.
 */
export function priceImpactPercent(
  amountIn: bigint,
  amountOut: bigint,
  hops: Array<[bigint, bigint]>,
): number {
  let numerator = amountIn
  let denominator = 1n
  for (const [reserveIn, reserveOut] of hops) {
    numerator *= reserveOut * FEE_KEPT
    denominator *= reserveIn * FEE_BASE
  }
  if (numerator === 0n) return 100
  const keptPpm = (amountOut * denominator * PPM) / numerator
  return Number(PPM - keptPpm) / 10_000
}

/**
 * The router's quote for `amountIn` of `from` in `to` (`getAmountsOut`), through the best path
 * whose pairs exist, with its price impact. Every read is made at one block, so the impact matches
 * the amounts. Refusals name `part`'s fields: no pool or too little liquidity, an amount too small
 * to buy any of `to`.
 */
export async function quoteSwap(
  chain: SwapChain,
  from: SwapToken,
  to: SwapToken,
  amountIn: bigint,
  part: RequestPart,
): Promise<SwapQuote> {
  if (from.address === to.address) throw refuse(part, 'to', `must differ from ${part}.from`)
  const paths = candidatePaths(chain.weth, routerAddress(chain, from), routerAddress(chain, to))
  const routable: Route[] = []
  for (const path of paths) {
    const pairs = await Promise.all(hopsOf(path).map(([a, b]) => chain.pairs.pairOf(a, b)))
    if (pairs.every((pair) => pair !== undefined)) routable.push({ path, pairs })
  }
  if (routable.length === 0) throw refuse(part, 'amount', INSUFFICIENT_LIQUIDITY)
  const blockNumber = await askNode(chain.client.getBlockNumber({ cacheTime: 0 }))
  const quotes = await Promise.all(routable.map((route) => quoteRoute(chain, route, amountIn, blockNumber)))
  const best = quotes.reduce<PathQuote | undefined>(
    (best, quote) => (quote && (!best || quote.amountOut > best.amountOut) ? quote : best),
    undefined,
  )
  if (best?.amountOut === 0n) throw refuse(part, 'amount', `too small to receive any ${to.symbol}`)
  if (!best || best.priceImpact > MAX_PRICE_IMPACT_PERCENT)
    throw refuse(part, 'amount', INSUFFICIENT_LIQUIDITY)
  return { from, to, amountIn, ...best, blockNumber }
}

/** A path and the pair of each of its hops. */
type Route = { path: Address[]; pairs: Address[] }
type PathQuote = { path: Address[]; amountOut: bigint; priceImpact: number }

/** One route's output and impact at `blockNumber`; undefined when the router cannot quote it. */
async function quoteRoute(
  chain: SwapChain,
  { path, pairs }: Route,
  amountIn: bigint,
  blockNumber: bigint,
): Promise<PathQuote | undefined> {
  const amounts = chain.client
    .readContract({
      address: chain.router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [amountIn, path],
      blockNumber,
    })
    .catch((error: unknown) => {
      // An empty pool (INSUFFICIENT_LIQUIDITY) or an amount its arithmetic overflows on.
      if (isRevert(error)) return undefined
      throw error
    })
  const reserves = Promise.all(
    hopsOf(path).map(async ([tokenIn, tokenOut], index) => {
      const [reserve0, reserve1] = await chain.client.readContract({
        address: pairs[index] as Address,
        abi: pairAbi,
        functionName: 'getReserves',
        blockNumber,
      })
      // A pair orders its tokens by address; token0 is the lower one.
      return (
        tokenIn.toLowerCase() < tokenOut.toLowerCase() ? [reserve0, reserve1] : [reserve1, reserve0]
      ) as [bigint, bigint]
    }),
  )
  const [quoted, hops] = await askNode(Promise.all([amounts, reserves]))
  const amountOut = quoted?.at(-1)
  if (amountOut === undefined) return undefined
  return { path, amountOut, priceImpact: priceImpactPercent(amountIn, amountOut, hops) }
}

const hopsOf = (path: Address[]): Array<[Address, Address]> =>
  path.slice(1).map((token, index) => [path[index] as Address, token])

/** Whether a call or gas estimate failed by reverting, as opposed to the node failing to answer. */
export function isRevert(error: unknown): error is BaseError {
  return (
    error instanceof BaseError &&
    error.walk(
      (cause) => cause instanceof ContractFunctionRevertedError || cause instanceof ExecutionRevertedError,
    ) !== null
  )
}
