/**
 * Account names as `createPortico` holds them: the identities of addresses, the connected
 * one looked up on every change of account, and the registration code fetched with its view.
 */
import type { LazyServicesClient } from '../services.ts'
import type { KeyValueStorage } from '../storage.ts'
import type { Store } from '../store.ts'
import { createIdentities, type IdentitiesSnapshot, type Identity } from './identities.ts'
import type { NameRegistration } from './registration.ts'

export interface PorticoNames {
  /** Known identities by lower-cased address (`nameOf` reads one). */
  identities: Store<IdentitiesSnapshot>
  /** Asks who an address is, unless known or asked lately (Activity's counterparties, say). */
  request(address: string): void
  /** The code and settings of RegisterAccountName; the same instance every time. */
  loadRegistration(): Promise<NameRegistration>
  /** Follows the connected account; returns the stop. Browser only. */
  watch(): () => void
}

export interface NamesParameters {
  services: LazyServicesClient
  chainId: number
  storage: KeyValueStorage
  account: Pick<Store<{ address: `0x${string}` | undefined }>, 'getState' | 'subscribe'>
  signMessage(message: string, address: `0x${string}`): Promise<string>
  initial?: { address: string; identity: Identity } | undefined
}

export function createNames(parameters: NamesParameters): PorticoNames {
  const { services: client, chainId, storage, account, signMessage, initial } = parameters
  const identities = createIdentities({
    storage,
    initial,
    fetchIdentity: async (address) => {
      const [services, { getIdentity }] = await Promise.all([client(), import('./api.ts')])
      return getIdentity(services, address)
    },
  })

  let registration: Promise<NameRegistration> | undefined
  function loadRegistration() {
    registration ??= Promise.all([client(), import('./registration.ts')])
      .then(([services, { createNameRegistration }]) =>
        createNameRegistration({ client: services, chainId, identities, signMessage }),
      )
      .catch((error: unknown) => {
        // A chunk or settings request that failed is tried again by the next view.
        registration = undefined
        throw error
      })
    return registration
  }

  function watch() {
    const follow = () => {
      const { address } = account.getState()
      if (address) identities.request(address)
    }
    follow()
    return account.subscribe((next, previous) => {
      if (next.address !== previous.address) follow()
    })
  }

  return { identities: identities.store, request: identities.request, loadRegistration, watch }
}
