/**
 * What Portico keeps on the visitor's device (SPEC §3 "Local caches"). Storage is hostile ground:
 * it can be missing (server render), full, disabled (private mode) or hold data written by an older
 * version, so nothing here throws on what it reads.
 */
import type { z } from 'zod/mini'

const PREFIX = '@portico/'

export const StorageKey = {
  portfolioCache: `${PREFIX}portfolio_cache`,
  nativeBalanceCache: `${PREFIX}native_balance_cache`,
  ensCache: `${PREFIX}ens_cache`,
  identityCache: `${PREFIX}identity_cache`,
  activeNetworkId: `${PREFIX}active_caip_network_id`,
  activeNamespace: `${PREFIX}active_namespace`,
  connectedConnectorId: (namespace: string) => `${PREFIX}${namespace}:connected_connector_id`,
  connectedSocial: `${PREFIX}connected_social`,
  connectedSocialUsername: `${PREFIX}connected_social_username`,
  connectionStatus: `${PREFIX}connection_status`,
  /** Comma list. */
  connectedNamespaces: `${PREFIX}connected_namespaces`,
  preferredAccountTypes: `${PREFIX}preferred_account_types`,
  connections: `${PREFIX}connections`,
  telegramSocialProvider: `${PREFIX}telegram_social_provider`,
  emailLoginUsed: `${PREFIX}email_login_used`,
  email: `${PREFIX}email`,
  lastUsedChain: `${PREFIX}last_used_chain`,
  lastEmailLoginTime: `${PREFIX}last_email_login_time`,
  /** Comma list. */
  smartAccountEnabledNetworks: `${PREFIX}smart_account_enabled_networks`,
  recentWallets: `${PREFIX}recent_wallets`,
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

export function readList(storage: KeyValueStorage, key: string): string[] {
  try {
    return (storage.getItem(key) ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
  } catch {
    return []
  }
}

export function writeList(storage: KeyValueStorage, key: string, items: readonly string[]): void {
  storage.setItem(key, [...new Set(items.filter(Boolean))].join(','))
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

export interface CookieStorageOptions {
  read: () => string
  write: (cookie: string) => void
  /** Omitted: a session cookie, gone when the browser closes. */
  maxAgeSeconds?: number | undefined
}

/**
 * Storage over `document.cookie` (or any cookie string), so the server render can start from the
 * same connection state the browser has. Names and values are URI-encoded because `@`, `/`, `;`
 * and `,` are not allowed raw in a cookie.
 */
export function createCookieStorage({ read, write, maxAgeSeconds }: CookieStorageOptions): KeyValueStorage {
  const attributes = 'Path=/; SameSite=Lax'
  const maxAge = maxAgeSeconds === undefined ? '' : `; Max-Age=${Math.floor(maxAgeSeconds)}`
  return {
    getItem: (key) => parseCookieHeader(read())[key] ?? null,
    setItem: (key, value) =>
      write(`${encodeURIComponent(key)}=${encodeURIComponent(value)}; ${attributes}${maxAge}`),
    removeItem: (key) => write(`${encodeURIComponent(key)}=; ${attributes}; Max-Age=0`),
  }
}

/** A `Cookie` header as name → value; the first of two same-named cookies wins, as in browsers. */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  const cookies = new Map<string, string>()
  for (const pair of (header ?? '').split(';')) {
    const separator = pair.indexOf('=')
    if (separator < 0) continue
    const name = decode(pair.slice(0, separator).trim())
    let value = pair.slice(separator + 1).trim()
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    if (name && !cookies.has(name)) cookies.set(name, decode(value))
  }
  return Object.fromEntries(cookies)
}

// A cookie set by someone else may hold a stray `%`; keep it raw rather than lose the header.
function decode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
