import { createConnector } from '@wagmi/core'
import type { Address, EIP1193Parameters, EIP1193Provider } from 'viem'
import { createStore } from '../store.ts'
import type { LiveWalletConnect } from './live.ts'
import {
  IDLE_PAIRING,
  type PairingState,
  WALLET_CONNECT_CONNECTOR_TYPE,
  type WalletConnectApi,
  type WalletConnectSettings,
} from './types.ts'

const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect'

/** wagmi's storage key (the dapp's own storage, e.g. its cookie) of the session topic to restore. */
const SESSION_KEY = `${WALLET_CONNECT_CONNECTOR_ID}.session`

type LazyProvider = Pick<EIP1193Provider, 'request' | 'on' | 'removeListener'>

/**
 * WalletConnect as a wagmi connector. Unlike `@wagmi/connectors`' `walletConnect()`, whose setup
 * loads the SDK and opens the relay socket on every page load, this module only holds settings and
 * a store: the SDK (`live.ts`) is imported when the visitor picks WalletConnect, or on a page load
 * after one connected (wagmi's own storage says so, so no other visitor pays for it).
 */
export function walletConnect(parameters: Partial<WalletConnectSettings> = {}) {
  return createConnector<LazyProvider, WalletConnectApi, { [SESSION_KEY]: string }>((config) => {
    const chain = config.chains[0]
    const pairing = createStore<PairingState>(IDLE_PAIRING)
    let given: Partial<WalletConnectSettings> = { ...parameters }
    let live: Promise<LiveWalletConnect> | undefined

    const load = () => {
      const { relayUrl, projectId } = given
      const metadata = given.metadata ?? pageMetadata()
      if (!relayUrl || !projectId || !metadata)
        return Promise.reject(
          new Error('The WalletConnect connector is not configured (relayUrl, projectId)'),
        )
      live ??= import('./live.ts')
        .then(({ startLive }) =>
          startLive({
            settings: { relayUrl, projectId, metadata },
            chain,
            transport: config.transports?.[chain.id],
            pairing,
            events: {
              accountsChanged: (accounts) => config.emitter.emit('change', { accounts }),
              chainChanged: (chainId) => config.emitter.emit('change', { chainId }),
              disconnected: () => {
                void forget()
                config.emitter.emit('disconnect')
              },
            },
          }),
        )
        .catch((error: unknown) => {
          // Offline, a deploy in between or the relay down: the next pick tries again.
          live = undefined
          throw error
        })
      return live
    }
    const forget = async () => {
      await config.storage?.removeItem(SESSION_KEY)
    }
    const provider: LazyProvider = {
      request: (async (args: EIP1193Parameters) =>
        (await load()).request(args)) as EIP1193Provider['request'],
      on() {},
      removeListener() {},
    }

    return {
      id: WALLET_CONNECT_CONNECTOR_ID,
      name: 'WalletConnect',
      type: WALLET_CONNECT_CONNECTOR_TYPE,
      pairing,
      configure(settings: Partial<WalletConnectSettings>) {
        given = { ...settings, ...parameters }
      },
      cancelPairing() {
        void live?.then((session) => session.cancel())
      },
      async connect(options) {
        const session = await load()
        const topic = options?.isReconnecting ? await config.storage?.getItem(SESSION_KEY) : undefined
        const restored = typeof topic === 'string' ? session.restore(topic) : undefined
        if (options?.isReconnecting && !restored) throw new Error('No WalletConnect session to restore')
        const current = restored ?? (await session.pair())
        await config.storage?.setItem(SESSION_KEY, current.topic)
        return { accounts: session.accounts(), chainId: chain.id } as never
      },
      async disconnect() {
        await forget()
        if (live) await (await live).disconnect()
      },
      async getAccounts() {
        return live ? (await live).accounts() : []
      },
      async getChainId() {
        return chain.id
      },
      async getProvider() {
        return provider
      },
      // Only a page that connected through WalletConnect before loads the SDK on start.
      async isAuthorized() {
        const topic = await config.storage?.getItem(SESSION_KEY)
        if (typeof topic !== 'string') return false
        try {
          if ((await load()).restore(topic)) return true
        } catch {
          return false
        }
        await forget()
        return false
      },
      onAccountsChanged(accounts) {
        config.emitter.emit('change', { accounts: accounts as Address[] })
      },
      onChainChanged(chainId) {
        config.emitter.emit('change', { chainId: Number(chainId) })
      },
      onDisconnect() {
        void forget()
        config.emitter.emit('disconnect')
      },
    }
  })
}

/** Without `metadata` the wallet is told the page's own title and origin (read in the browser only). */
function pageMetadata(): WalletConnectSettings['metadata'] | undefined {
  if (typeof document === 'undefined') return undefined
  return { name: document.title || location.host, description: '', url: location.origin, icons: [] }
}
