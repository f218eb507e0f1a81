/**
 * The account data code (stores, services client, activity rules) is only needed once an account
 * view opens, so the page's first download does not carry it: `createPortico` keeps a loader, and
 * the first account view awaits it. Every caller gets the same instance.
 */
import { type Config, getConnection } from '@wagmi/core'
import type { LazyServicesClient } from '../services.ts'
import type { AccountData, AccountDataParameters } from './account-data.ts'
import type { RequestProvider } from './wallet-assets.ts'

export interface AccountDataLoaderParameters extends Omit<AccountDataParameters, 'services'> {
  services: LazyServicesClient
}

export function accountDataLoader({
  services,
  ...parameters
}: AccountDataLoaderParameters): () => Promise<AccountData> {
  let loading: Promise<AccountData> | undefined
  return () => {
    loading ??= Promise.all([services(), import('./account-data.ts')]).then(
      ([client, { createAccountData }]) => createAccountData({ ...parameters, services: client }),
      (error: unknown) => {
        // A chunk that failed to load (network blip, new deploy) is tried again next time.
        loading = undefined
        throw error
      },
    )
    return loading
  }
}

/** The EIP-1193 provider of the wallet wagmi is connected with, if any. */
export async function connectedProvider(config: Config): Promise<RequestProvider | undefined> {
  const { connector } = getConnection(config)
  return connector ? ((await connector.getProvider()) as RequestProvider | undefined) : undefined
}
