/**
 * What Portico keeps on the visitor's device (behaviour §3 "Local caches"). Storage is hostile ground:
 * it can be missing (server render), full, disabled (private mode) or hold data written by an older
 * version, so nothing here throws on what it reads.
 */
import type { z } from 'zod/mini'

const PREFIX = '@portico/'

export const StorageKey = {
  portfolioCache: `${PREFIX}portfolio_cache`,
  nativeBalanceCache: `${PREFIX}native_balance_cache`,
  identityCache: `${PREFIX}identity_cache`,
  emailLoginUsed: `${PREFIX}email_login_used`,
  email: `${PREFIX}email`,
  lastEmailLoginTime: `${PREFIX}last_email_login_time`,
  recentWallets: `${PREFIX}recent_wallets`,
  /** The legal links the visitor agreed to (Connect's legal checkbox), so agreeing once is enough. */
  legalAccepted: `${PREFIX}legal_accepted`,
  /** behaviour §3 "preferred account types": JSON, per chain namespace, e.g. `{"eip155":"eoa"}`. */
  preferredAccountTypes: `${PREFIX}preferred_account_types`,
} as const

export interface KeyValueStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export function createMemoryStorage(): KeyValueStorage {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}

/** The browser's localStorage where it works, else an in-memory stand-in for this page view. */
export function safeLocalStorage(): KeyValueStorage {
  const local = usableLocalStorage()
  if (!local) return createMemoryStorage()
  return {
    getItem(key) {
      try {
        return local.getItem(key)
      } catch {
        return null
      }
    },
    setItem(key, value) {
      try {
        local.setItem(key, value)
      } catch {
        // Quota exceeded: better to forget the key than to read a stale value back later.
        try {
          local.removeItem(key)
        } catch {}
      }
    },
    removeItem(key) {
      try {
        local.removeItem(key)
      } catch {}
    },
  }
}

// Merely touching window.localStorage throws in some sandboxed iframes and privacy modes.
function usableLocalStorage(): Storage | undefined {
  if (typeof window === 'undefined') return undefined
  try {
    const local = window.localStorage
    const probe = `${PREFIX}probe`
    local.setItem(probe, '1')
    local.removeItem(probe)
    return local
  } catch {
    return undefined
  }
}

export function readJson<T>(storage: KeyValueStorage, key: string, schema?: z.ZodMiniType<T>): T | undefined {
  try {
    const raw = storage.getItem(key)
    if (raw === null || raw === '') return undefined
    const parsed: unknown = JSON.parse(raw)
    if (!schema) return parsed as T
    const result = schema.safeParse(parsed)
    return result.success ? result.data : undefined
  } catch {
    return undefined
  }
}

/** Returns false when the value could not be stored (unserialisable, or the storage refused). */
export function writeJson(storage: KeyValueStorage, key: string, value: unknown): boolean {
  try {
    storage.setItem(key, JSON.stringify(value))
    return true
  } catch {
    return false
  }
}

interface CacheEntry<T> {
  timestamp: number
  value: T
}

/** A timestamp from the future means the clock moved; such an entry cannot be trusted either. */
export function isExpired(timestamp: number, maxAgeMs: number, now: number = Date.now()): boolean {
  return !Number.isFinite(timestamp) || timestamp > now || now - timestamp >= maxAgeMs
}

// EVM addresses arrive both checksummed and lower-cased; other namespaces are case-sensitive.
function cacheAddress(address: string): string {
  return /^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : address
}

export function readCache<T>(
  storage: KeyValueStorage,
  key: string,
  address: string,
  maxAgeMs: number,
  now: number = Date.now(),
): T | undefined {
  const entries = readJson<Record<string, CacheEntry<T> | undefined>>(storage, key)
  const entry = entries?.[cacheAddress(address)]
  if (!entry || typeof entry !== 'object' || typeof entry.timestamp !== 'number') return undefined
  return isExpired(entry.timestamp, maxAgeMs, now) ? undefined : entry.value
}

export function writeCache<T>(
  storage: KeyValueStorage,
  key: string,
  address: string,
  value: T,
  now: number = Date.now(),
): void {
  const stored = readJson<unknown>(storage, key)
  const entries = stored && typeof stored === 'object' && !Array.isArray(stored) ? stored : {}
  writeJson(storage, key, { ...entries, [cacheAddress(address)]: { timestamp: now, value } })
}
