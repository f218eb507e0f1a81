import { describe, expect, it } from 'vitest'
import { candidatePaths, priceImpactPercent } from './quote.ts'

const WETH = '0x000000000000000000000000000000000000000e'
const USDC = '0x000000000000000000000000000000000000000c'
const DAI = '0x000000000000000000000000000000000000000d'

describe('candidatePaths', () => {
  it('trades ETH (as WETH) with a token in one hop', () => {
    expect(candidatePaths(WETH, WETH, USDC)).toEqual([[WETH, USDC]])
    expect(candidatePaths(WETH, USDC, WETH)).toEqual([[USDC, WETH]])
  })

  it('tries two tokens directly and through WETH', () => {
    expect(candidatePaths(WETH, USDC, DAI)).toEqual([
      [USDC, DAI],
      [USDC, WETH, DAI],
    ])
  })
})

describe('priceImpactPercent', () => {
  // 1,000 ETH against 3,000,000 USDC (6 decimals).
  const pool: [bigint, bigint] = [10n ** 21n, 3n * 10n ** 12n]
  const out = (amountIn: bigint, [reserveIn, reserveOut]: [bigint, bigint]) =>
    (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)

  it('is the share the constant product takes off the pool price, the fee aside', () => {
    const oneEth = 10n ** 18n
    // Out = in·r/(R + in) after the fee: about in/R of it is lost, here 0.1 %.
    expect(priceImpactPercent(oneEth, out(oneEth, pool), [pool])).toBeCloseTo(0.0997, 3)
    const half = 10n ** 21n
    expect(priceImpactPercent(half, out(half, pool), [pool])).toBeCloseTo(49.92, 1)
  })

  it('adds up over hops, and is 0 for an output at the pools’ price', () => {
    const back: [bigint, bigint] = [3n * 10n ** 12n, 3n * 10n ** 24n]
    const amount = 10n ** 19n
    const first = out(amount, pool)
    const second = out(first, back)
    const impact = priceImpactPercent(amount, second, [pool, back])
    expect(impact).toBeGreaterThan(priceImpactPercent(amount, first, [pool]))
    expect(priceImpactPercent(1000n, 997n, [[1n, 1n]])).toBe(0)
  })
})
