import { describe, expect, it } from 'vitest'
import { CostBuckets, costOf } from './rate-limit.ts'

describe('costOf', () => {
  it('weighs what makes a node work', () => {
    expect(costOf('eth_blockNumber')).toBe(1)
    expect(costOf('eth_call')).toBeGreaterThan(costOf('eth_blockNumber'))
    expect(costOf('eth_getLogs')).toBeGreaterThan(costOf('eth_call'))
    expect(costOf('debug_traceTransaction')).toBeGreaterThan(costOf('eth_getLogs'))
    expect(costOf('trace_block')).toBe(costOf('debug_traceTransaction'))
  })
})

describe('CostBuckets', () => {
  it('lets a key in while it holds a unit, takes a whole cost past zero, and refills by the second', () => {
    let now = 0
    const buckets = new CostBuckets(2, 5, () => now)
    expect(buckets.waitMs('a')).toBe(0)
    // A batch larger than the 10-unit burst is served once, then its debt is waited out.
    buckets.charge('a', 25)
    expect(buckets.waitMs('a')).toBe(8_000)
    expect(buckets.waitMs('b')).toBe(0)
    now = 7_999
    expect(buckets.waitMs('a')).toBeGreaterThan(0)
    now = 8_000
    expect(buckets.waitMs('a')).toBe(0)
    // Never more than the burst, however long it rested.
    now = 1_000_000
    buckets.charge('a', 10)
    expect(buckets.waitMs('a')).toBe(500)
  })
})
