import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import {
  createMemoryStorage,
  isExpired,
  type KeyValueStorage,
  readCache,
  readJson,
  StorageKey,
  safeLocalStorage,
  writeCache,
  writeJson,
} from './storage.ts'

const checksummed = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

describe('storage keys', () => {
  it('namespaces every key under @portico/ and keeps them distinct', () => {
    const keys = Object.values(StorageKey)
    for (const key of keys) expect(key.startsWith('@portico/')).toBe(true)
    expect(new Set(keys).size).toBe(keys.length)
  })
})

describe('JSON helpers', () => {
  it('reads back what was written', () => {
    const storage = createMemoryStorage()
    expect(writeJson(storage, StorageKey.recentWallets, [{ id: 'a' }])).toBe(true)
    expect(readJson(storage, StorageKey.recentWallets)).toEqual([{ id: 'a' }])
  })

  it('returns undefined for missing, corrupt or wrongly shaped data instead of throwing', () => {
    const storage = createMemoryStorage()
    expect(readJson(storage, 'missing')).toBeUndefined()
    fc.assert(
      fc.property(fc.string(), (raw) => {
        storage.setItem('k', raw)
        const value = readJson(storage, 'k', z.array(z.object({ id: z.string() })))
        expect(value === undefined || Array.isArray(value)).toBe(true)
      }),
    )
    storage.setItem('k', '{"id":1}')
    expect(readJson(storage, 'k', z.object({ id: z.string() }))).toBeUndefined()
  })

  it('reports a failed write instead of throwing', () => {
    const full: KeyValueStorage = {
      ...createMemoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    expect(writeJson(full, 'k', 1)).toBe(false)
    expect(writeJson(createMemoryStorage(), 'k', 1n)).toBe(false)
  })
})

describe('address-keyed caches', () => {
  it('serves a fresh entry and drops it once it is as old as the expiry', () => {
    const storage = createMemoryStorage()
    writeCache(storage, StorageKey.nativeBalanceCache, checksummed, '42', 1_000)
    expect(readCache(storage, StorageKey.nativeBalanceCache, checksummed, 30_000, 30_999)).toBe('42')
    expect(readCache(storage, StorageKey.nativeBalanceCache, checksummed, 30_000, 31_000)).toBeUndefined()
  })

  it('finds an EVM address whatever its case, but keeps Solana addresses case-sensitive', () => {
    const storage = createMemoryStorage()
    writeCache(storage, StorageKey.nativeBalanceCache, checksummed, 'alice.eth', 0)
    expect(readCache(storage, StorageKey.nativeBalanceCache, checksummed.toLowerCase(), 300_000, 1)).toBe(
      'alice.eth',
    )
    const solana = 'So11111111111111111111111111111111111111112'
    writeCache(storage, StorageKey.nativeBalanceCache, solana, 'sol', 0)
    expect(
      readCache(storage, StorageKey.nativeBalanceCache, solana.toLowerCase(), 300_000, 1),
    ).toBeUndefined()
  })

  it('keeps other accounts when writing one', () => {
    const storage = createMemoryStorage()
    writeCache(storage, StorageKey.portfolioCache, '0x'.padEnd(42, '1'), { name: 'one' }, 0)
    writeCache(storage, StorageKey.portfolioCache, '0x'.padEnd(42, '2'), { name: 'two' }, 0)
    expect(readCache(storage, StorageKey.portfolioCache, '0x'.padEnd(42, '1'), 10, 5)).toEqual({
      name: 'one',
    })
  })

  it('ignores entries from the future and survives garbage in storage', () => {
    const storage = createMemoryStorage()
    writeCache(storage, StorageKey.portfolioCache, checksummed, [1], 10_000)
    expect(readCache(storage, StorageKey.portfolioCache, checksummed, 30_000, 5_000)).toBeUndefined()
    for (const garbage of ['not json', '[1,2]', '{"0x":{"value":1}}', 'null', '"text"']) {
      storage.setItem(StorageKey.portfolioCache, garbage)
      expect(readCache(storage, StorageKey.portfolioCache, checksummed, 30_000, 5_000)).toBeUndefined()
      writeCache(storage, StorageKey.portfolioCache, checksummed, 'ok', 5_000)
      expect(readCache(storage, StorageKey.portfolioCache, checksummed, 30_000, 5_001)).toBe('ok')
    }
  })

  it('expires exactly when the age reaches the limit', () => {
    fc.assert(
      fc.property(fc.nat(1e12), fc.nat(1e9), fc.nat(1e9), (timestamp, age, maxAge) => {
        expect(isExpired(timestamp, maxAge, timestamp + age)).toBe(age >= maxAge)
      }),
    )
    expect(isExpired(Number.NaN, 1_000, 0)).toBe(true)
  })
})

describe('safeLocalStorage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('falls back to memory without a window', () => {
    const storage = safeLocalStorage()
    storage.setItem('a', '1')
    expect(storage.getItem('a')).toBe('1')
  })

  it('uses the real localStorage when it works', () => {
    const backing = createMemoryStorage()
    vi.stubGlobal('window', { localStorage: backing })
    safeLocalStorage().setItem('a', '1')
    expect(backing.getItem('a')).toBe('1')
  })

  it('falls back to memory when localStorage refuses to be touched', () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new DOMException('denied', 'SecurityError')
      },
    })
    const storage = safeLocalStorage()
    storage.setItem('a', '1')
    expect(storage.getItem('a')).toBe('1')
  })

  it('forgets a key rather than keep a stale value when a write is refused', () => {
    const backing = createMemoryStorage()
    let full = false
    vi.stubGlobal('window', {
      localStorage: {
        getItem: backing.getItem,
        removeItem: backing.removeItem,
        setItem: (key: string, value: string) => {
          if (full) throw new DOMException('full', 'QuotaExceededError')
          backing.setItem(key, value)
        },
      },
    })
    const storage = safeLocalStorage()
    storage.setItem('a', 'old')
    full = true
    expect(() => storage.setItem('a', 'new')).not.toThrow()
    expect(storage.getItem('a')).toBeNull()
  })
})
