/**
 * Who an address is, by its account name: the connect button, the account header and
 * Activity's counterparties read names from here. Each address is asked of the services at most
 * once per 5 minutes (behaviour §9 identity cache), kept on the device between page views, and the
 * request code loads with the first lookup, so the first download only carries this store.
 */
import { CACHE_EXPIRY_MS } from '../constants.ts'
import { type KeyValueStorage, readCache, StorageKey, writeCache } from '../storage.ts'
import { createStore, type Store } from '../store.ts'

export interface Identity {
  /** The address's primary name, e.g. `alice.portico.id`; null when it has none. */
  name: string | null
  /** An image URL: the name's `avatar` record, else one the services draw from the address. */
  avatar?: string | undefined
}

export interface IdentitiesSnapshot {
  /** By lower-cased address; absent until known. */
  byAddress: Readonly<Record<string, Identity>>
}

export interface Identities {
  store: Store<IdentitiesSnapshot>
  /** Looks the address up unless it is known or was asked for lately; never throws. */
  request(address: string): void
  /** What a registration just made true, without waiting for the cache to expire. */
  remember(address: string, identity: Identity): void
}

export interface IdentitiesParameters {
  storage: KeyValueStorage
  fetchIdentity(address: string): Promise<Identity>
  /** What the server render found, so the first HTML and hydration agree. */
  initial?: { address: string; identity: Identity } | undefined
}

/** A failed lookup (services away, names not offered) is not repeated for this long. */
const RETRY_AFTER_MS = 30_000

export function createIdentities({ storage, fetchIdentity, initial }: IdentitiesParameters): Identities {
  const store = createStore<IdentitiesSnapshot>({
    byAddress: initial ? { [initial.address.toLowerCase()]: initial.identity } : {},
  })
  const asked = new Map<string, number>()
  // The server's answer is the freshest there is: it replaces what this device kept.
  if (initial) writeCache(storage, StorageKey.identityCache, initial.address, initial.identity)

  function put(key: string, identity: Identity) {
    store.setState(({ byAddress }) => ({ byAddress: { ...byAddress, [key]: identity } }))
  }

  function remember(address: string, identity: Identity) {
    writeCache(storage, StorageKey.identityCache, address, identity)
    put(address.toLowerCase(), identity)
  }

  function request(address: string) {
    const key = address.toLowerCase()
    const cached = readCache<Identity>(storage, StorageKey.identityCache, address, CACHE_EXPIRY_MS.identity)
    if (cached && (typeof cached.name === 'string' || cached.name === null)) {
      if (store.getState().byAddress[key]?.name !== cached.name) put(key, cached)
      return
    }
    const last = asked.get(key)
    if (last !== undefined && Date.now() - last < RETRY_AFTER_MS) return
    asked.set(key, Date.now())
    fetchIdentity(address).then(
      (identity) => {
        asked.delete(key)
        remember(address, identity)
      },
      () => undefined,
    )
  }

  return { store, request, remember }
}

/** The name to show for an address, if it has one and it is known. */
export function nameOf(snapshot: IdentitiesSnapshot, address: string | undefined): string | undefined {
  return address ? (snapshot.byAddress[address.toLowerCase()]?.name ?? undefined) : undefined
}
