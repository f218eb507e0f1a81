import { describe, expect, it } from 'vitest'
import { AnswerCache, CACHE_BYTES, CACHE_ENTRIES, cacheKey, isImmutable, SAFE_DEPTH } from './cache.ts'

const HASH = `0x${'ab'.repeat(32)}`
const mined = (blockNumber: bigint) => ({
  blockHash: `0x${'cd'.repeat(32)}`,
  blockNumber: `0x${blockNumber.toString(16)}`,
})

describe('the answer cache', () => {
  it('holds 8192 answers (and 64 MiB) per chain', () => {
    expect(CACHE_ENTRIES).toBe(8192)
    expect(CACHE_BYTES).toBe(64 * 1024 * 1024)
  })

  it('keys only the calls whose answer can be immutable, hashes in any case alike', () => {
    expect(cacheKey({ method: 'eth_chainId' })).toBe(cacheKey({ method: 'eth_chainId', params: [] }))
    expect(
      cacheKey({ method: 'eth_getBlockByHash', params: [HASH.toUpperCase().replace('0X', '0x'), false] }),
    ).toBe(cacheKey({ method: 'eth_getBlockByHash', params: [HASH, false] }))
    expect(cacheKey({ method: 'eth_getBlockByHash', params: [HASH, true] })).not.toBe(
      cacheKey({ method: 'eth_getBlockByHash', params: [HASH, false] }),
    )
    for (const method of [
      'eth_blockNumber',
      'eth_getBalance',
      'eth_call',
      'eth_getBlockByNumber',
      'eth_getLogs',
    ])
      expect(cacheKey({ method, params: [] })).toBeUndefined()
  })

  it('keeps the chain id and blocks by hash, never null', () => {
    expect(isImmutable({ method: 'eth_chainId' }, '0x7a69', undefined)).toBe(true)
    expect(
      isImmutable({ method: 'eth_getBlockByHash', params: [HASH, false] }, { hash: HASH }, undefined),
    ).toBe(true)
    expect(isImmutable({ method: 'eth_getBlockByHash', params: [HASH, false] }, null, 100n)).toBe(false)
  })

  it(`keeps a transaction or receipt once ${SAFE_DEPTH} blocks lie on it, never a pending one`, () => {
    const receipt = { method: 'eth_getTransactionReceipt', params: [HASH] }
    const transaction = { method: 'eth_getTransactionByHash', params: [HASH] }
    expect(isImmutable(receipt, mined(100n), 100n + SAFE_DEPTH)).toBe(true)
    expect(isImmutable(receipt, mined(100n), 100n + SAFE_DEPTH - 1n)).toBe(false)
    expect(isImmutable(receipt, mined(100n), undefined)).toBe(false)
    expect(isImmutable(transaction, mined(1n), 1000n)).toBe(true)
    expect(isImmutable(transaction, { blockHash: null, blockNumber: null }, 1000n)).toBe(false)
    expect(isImmutable(receipt, null, 1000n)).toBe(false)
    expect(isImmutable(receipt, { blockHash: HASH, blockNumber: 'nonsense' }, 1000n)).toBe(false)
  })

  it('answers a kept call from memory and offers nothing else', () => {
    const cache = new AnswerCache()
    const block = { method: 'eth_getBlockByHash', params: [HASH, false] }
    expect(cache.get(block)).toBeUndefined()
    cache.offer(block, { hash: HASH, number: '0x1' }, undefined)
    expect(cache.get(block)).toEqual({ result: { hash: HASH, number: '0x1' } })
    const balance = { method: 'eth_getBalance', params: [HASH, 'latest'] }
    cache.offer(balance, '0x1', 10n)
    expect(cache.get(balance)).toBeUndefined()
  })
})
