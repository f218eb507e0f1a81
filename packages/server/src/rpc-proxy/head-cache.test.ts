import { describe, expect, it } from 'vitest'
import { HeadCache, headKey, headOf } from './head-cache.ts'

const ME = '0x00000000000000000000000000000000000A11cE'

describe('headKey: the reads that hold until the head moves', () => {
  it('keeps eth_blockNumber and state reads at latest, the address in any case as one', () => {
    expect(headKey({ method: 'eth_blockNumber', params: [] })).toBe('eth_blockNumber')
    const balance = headKey({ method: 'eth_getBalance', params: [ME, 'latest'] })
    expect(balance).toBeDefined()
    expect(headKey({ method: 'eth_getBalance', params: [ME.toLowerCase(), 'latest'] })).toBe(balance)
    expect(headKey({ method: 'eth_getStorageAt', params: [ME, '0x0', 'latest'] })).toBeDefined()
    expect(headKey({ method: 'eth_getBlockByNumber', params: ['latest', false] })).toBeDefined()
  })
  it('not pending, safe, finalized, a number, nor a read without its tag', () => {
    for (const tag of ['pending', 'safe', 'finalized', 'earliest', '0x10'])
      expect(headKey({ method: 'eth_getBalance', params: [ME, tag] })).toBeUndefined()
    expect(headKey({ method: 'eth_getBalance', params: [ME] })).toBeUndefined()
    expect(headKey({ method: 'eth_call', params: [{ to: ME }, { blockHash: '0x12' }] })).toBeUndefined()
  })
  it('not writes, filters, fees, estimates, calls or nonces', () => {
    for (const method of [
      'eth_call',
      'eth_getTransactionCount',
      'eth_sendRawTransaction',
      'eth_getFilterChanges',
      'eth_gasPrice',
      'eth_estimateGas',
    ])
      expect(headKey({ method, params: [ME, 'latest'] })).toBeUndefined()
  })
})

describe('headOf: a head seen in passing', () => {
  it('reads eth_blockNumber and a block by number; nothing else', () => {
    expect(headOf({ method: 'eth_blockNumber' }, '0x1f')).toBe(31n)
    expect(headOf({ method: 'eth_getBlockByNumber' }, { number: '0x20' })).toBe(32n)
    expect(headOf({ method: 'eth_getBalance' }, '0x21')).toBeUndefined()
    expect(headOf({ method: 'eth_blockNumber' }, 'not hex')).toBeUndefined()
    expect(headOf({ method: 'eth_getBlockByNumber' }, null)).toBeUndefined()
  })
})

describe('HeadCache', () => {
  it('answers for at most its age', () => {
    const cache = new HeadCache(250)
    cache.noteHead(5n)
    cache.offer('k', '0x1', 5n, 1_000)
    expect(cache.get('k', 1_249)).toEqual({ result: '0x1' })
    expect(cache.get('k', 1_250)).toBeUndefined()
  })
  it('forgets every answer once a higher head is seen, not for the same or a lower one', () => {
    const cache = new HeadCache(60_000)
    cache.noteHead(5n)
    cache.offer('k', '0x1', 5n, 0)
    cache.noteHead(5n)
    cache.noteHead(4n)
    expect(cache.get('k', 1)).toEqual({ result: '0x1' })
    cache.noteHead(6n)
    expect(cache.currentHead()).toBe(6n)
    expect(cache.get('k', 1)).toBeUndefined()
  })
  it('refuses an answer asked before the head moved, and nulls', () => {
    const cache = new HeadCache(60_000)
    cache.noteHead(5n)
    cache.noteHead(6n)
    cache.offer('old', '0x1', 5n, 0)
    cache.offer('null', null, 6n, 0)
    expect(cache.get('old', 1)).toBeUndefined()
    expect(cache.get('null', 1)).toBeUndefined()
  })
  it('keeps nothing with an age of 0', () => {
    const cache = new HeadCache(0)
    cache.offer('k', '0x1', undefined, 0)
    expect(cache.get('k', 0)).toBeUndefined()
  })
})

describe('headKey: what makes two calls one', () => {
  it('hex in any case is one call; another slot is another call', () => {
    const slot = (at: string) => ({ method: 'eth_getStorageAt', params: [ME, at, 'latest'] })
    expect(headKey(slot('0xABCD'))).toBe(
      headKey({ method: 'eth_getStorageAt', params: [ME.toLowerCase(), '0xabcd', 'latest'] }),
    )
    expect(headKey(slot('0xabce'))).not.toBe(headKey(slot('0xabcd')))
  })
})
