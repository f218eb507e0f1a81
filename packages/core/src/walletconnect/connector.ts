import { createConnector } from '@wagmi/core'
import type { Address, EIP1193Parameters, EIP1193Provider } from 'viem'
import { createStore } from '../store.ts'
import type { loadWalletConnect } from './loaded.ts'
import {
  IDLE_PAIRING,
  type PairingState,
  SESSION_KEY,
  WALLET_CONNECT_CONNECTOR_TYPE,
  type WalletConnectApi,
  type WalletConnectSettings,
} from './types.ts'

type LazyProvider = Pick<EIP1193Provider, 'request' | 'on' | 'removeListener'>
type Loaded = Awaited<ReturnType<typeof loadWalletConnect>>

/**
 * WalletConnect as a wagmi connector. Unlike `@wagmi/connectors`' `walletConnect()`, whose setup
 * loads the SDK and opens the relay socket on every page load, this module only holds settings and
 * a store: the rest (`loaded.ts`, the SDK behind it) is imported when the visitor picks WalletConnect,
 * or on a page load after one connected (wagmi's own storage says so, so no other visitor pays for it).
 */
export function walletConnect(parameters: Partial<WalletConnectSettings> = {}) {
  return createConnector<LazyProvider, WalletConnectApi>((config) => {
    const pairing = createStore<PairingState>(IDLE_PAIRING)
    let settings = parameters
    let loaded: Promise<Loaded> | undefined
    const load = () =>
      (loaded ??= import('./loaded.ts')
        .then(({ loadWalletConnect }) => loadWalletConnect({ settings, config, pairing }))
        .catch((error: unknown) => {
          // Offline, a deploy in between or the relay down: the next pick tries again.
          loaded = undefined
          throw error
        }))
    const provider: LazyProvider = {
      request: (async (args: EIP1193Parameters) =>
        (await load()).request(args)) as EIP1193Provider['request'],
      on() {},
      removeListener() {},
    }
    const changed = (data: { accounts?: Address[]; chainId?: number }) => config.emitter.emit('change', data)

    return {
      id: WALLET_CONNECT_CONNECTOR_TYPE,
      name: 'WalletConnect',
      type: WALLET_CONNECT_CONNECTOR_TYPE,
      pairing,
      configure(resolved: Partial<WalletConnectSettings>) {
        settings = { ...resolved, ...parameters }
      },
      cancelPairing() {
        void loaded?.then((session) => session.cancel())
      },
      connect: (async (options?: { isReconnecting?: boolean }) =>
        (await load()).connect(options?.isReconnecting ?? false)) as never,
      async disconnect() {
        if (loaded) await (await loaded).disconnect()
        else await config.storage?.removeItem(SESSION_KEY)
      },
      getAccounts: async () => (loaded ? (await loaded).accounts() : []),
      getChainId: async () => config.chains[0].id,
      getProvider: async () => provider,
      // Only a page that connected through WalletConnect before loads the SDK on start.
      async isAuthorized() {
        if (typeof (await config.storage?.getItem(SESSION_KEY)) !== 'string') return false
        try {
          return await (await load()).isAuthorized()
        } catch {
          return false
        }
      },
      onAccountsChanged: (accounts) => changed({ accounts: accounts as Address[] }),
      onChainChanged: (chainId) => changed({ chainId: Number(chainId) }),
      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  })
}
