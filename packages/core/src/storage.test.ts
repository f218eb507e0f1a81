import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import {
  createCookieStorage,
  createMemoryStorage,
  isExpired,
  type KeyValueStorage,
  parseCookieHeader,
  readCache,
  readJson,
  readList,
  StorageKey,
  safeLocalStorage,
  writeCache,
  writeJson,
  writeList,
} from './storage.ts'

const checksummed = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

describe('storage keys', () => {
  it('namespaces every key under @portico/ and keeps them distinct', () => {
    const keys = Object.values(StorageKey).map((key) => (typeof key === 'function' ? key('eip155') : key))
    for (const key of keys) expect(key.startsWith('@portico/')).toBe(true)
    expect(new Set(keys).size).toBe(keys.length)
    expect(StorageKey.connectedConnectorId('solana')).not.toBe(StorageKey.connectedConnectorId('eip155'))
  })
})

describe('JSON helpers', () => {
  it('reads back what was written', () => {
    const storage = createMemoryStorage()
    expect(writeJson(storage, StorageKey.connections, [{ id: 'a' }])).toBe(true)
    expect(readJson(storage, StorageKey.connections)).toEqual([{ id: 'a' }])
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

  it('stores comma lists without blanks or duplicates', () => {
    const storage = createMemoryStorage()
    writeList(storage, StorageKey.connectedNamespaces, ['eip155', 'solana', 'eip155', ''])
    expect(storage.getItem(StorageKey.connectedNamespaces)).toBe('eip155,solana')
    expect(readList(storage, StorageKey.connectedNamespaces)).toEqual(['eip155', 'solana'])
    storage.setItem(StorageKey.smartAccountEnabledNetworks, ' 1, ,8453 ,')
    expect(readList(storage, StorageKey.smartAccountEnabledNetworks)).toEqual(['1', '8453'])
    expect(readList(storage, 'missing')).toEqual([])
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
    writeCache(storage, StorageKey.ensCache, checksummed, 'alice.eth', 0)
    expect(readCache(storage, StorageKey.ensCache, checksummed.toLowerCase(), 300_000, 1)).toBe('alice.eth')
    const solana = 'So11111111111111111111111111111111111111112'
    writeCache(storage, StorageKey.ensCache, solana, 'sol', 0)
    expect(readCache(storage, StorageKey.ensCache, solana.toLowerCase(), 300_000, 1)).toBeUndefined()
  })

  it('keeps other accounts when writing one', () => {
    const storage = createMemoryStorage()
    writeCache(storage, StorageKey.identityCache, '0x'.padEnd(42, '1'), { name: 'one' }, 0)
    writeCache(storage, StorageKey.identityCache, '0x'.padEnd(42, '2'), { name: 'two' }, 0)
    expect(readCache(storage, StorageKey.identityCache, '0x'.padEnd(42, '1'), 10, 5)).toEqual({ name: 'one' })
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

describe('cookie storage', () => {
  function jar(maxAgeSeconds?: number) {
    const written: string[] = []
    let header = ''
    const storage = createCookieStorage({
      read: () => header,
      write: (cookie) => {
        written.push(cookie)
        const [pair = ''] = cookie.split(';')
        const [name = ''] = pair.split('=')
        const rest = header
          .split('; ')
          .filter((c) => c && !c.startsWith(`${name}=`))
          .concat(cookie.includes('Max-Age=0') ? [] : [pair])
        header = rest.join('; ')
      },
      maxAgeSeconds,
    })
    return { storage, written }
  }

  it('writes URI-encoded, site-wide, Lax cookies and reads them back', () => {
    const { storage, written } = jar()
    storage.setItem(StorageKey.connectionStatus, 'connected')
    expect(written[0]).toBe('%40portico%2Fconnection_status=connected; Path=/; SameSite=Lax')
    expect(storage.getItem(StorageKey.connectionStatus)).toBe('connected')
  })

  it('keeps any value intact through the cookie, and removes it on request', () => {
    const { storage } = jar(3600)
    fc.assert(
      fc.property(fc.string(), (value) => {
        storage.setItem(StorageKey.connections, value)
        expect(storage.getItem(StorageKey.connections)).toBe(value)
      }),
    )
    storage.removeItem(StorageKey.connections)
    expect(storage.getItem(StorageKey.connections)).toBeNull()
  })

  it('adds Max-Age when asked and expires a removed cookie', () => {
    const { storage, written } = jar(86_400)
    storage.setItem('k', 'v')
    storage.removeItem('k')
    expect(written).toEqual([
      'k=v; Path=/; SameSite=Lax; Max-Age=86400',
      'k=; Path=/; SameSite=Lax; Max-Age=0',
    ])
  })
})

describe('parseCookieHeader', () => {
  it('reads the Cookie header of a server request', () => {
    expect(parseCookieHeader('a=1; %40portico%2Femail=al%40ice.dev;b="quoted"; flag')).toEqual({
      a: '1',
      '@portico/email': 'al@ice.dev',
      b: 'quoted',
    })
    expect(parseCookieHeader(undefined)).toEqual({})
  })

  it('keeps the first of two cookies with one name and survives broken encoding', () => {
    expect(parseCookieHeader('a=first; a=second; bad=%E0%A4%A')).toEqual({ a: 'first', bad: '%E0%A4%A' })
  })

  it('does not let a cookie named __proto__ change the result object', () => {
    const parsed = parseCookieHeader('__proto__=x; a=1')
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
    expect(parsed.a).toBe('1')
  })
})
