import {
  type Config,
  type Connector,
  getBalance,
  hydrate,
  type State,
  signMessage,
  switchChain,
  connect as wagmiConnect,
  disconnect as wagmiDisconnect,
  watchConnection,
  watchConnectors,
} from '@wagmi/core'
import type { Chain } from 'viem'
import { accountDataLoader, connectedProvider } from './account/load.ts'
import { toCaipAddress, toCaipNetworkId } from './caip.ts'
import { connectorList, type WalletConnectorInfo } from './connectors.ts'
import { CACHE_EXPIRY_MS } from './constants.ts'
import { createEmbeddedController } from './embedded/controller.ts'
import { ErrorText, isUserRejection, PorticoError, toPorticoError } from './errors.ts'
import { type PorticoOptions, type ResolvedOptions, resolveOptions } from './options.ts'
import { createSiwxFlow } from './siwx/flow.ts'
import type { SIWXSession } from './siwx/session.ts'
import { type KeyValueStorage, readCache, StorageKey, safeLocalStorage, writeCache } from './storage.ts'
import { createStore, type Store } from './store.ts'
import { type Connection, createConnectionStore } from './stores/connection.ts'
import { createModal } from './stores/modal.ts'
import { createRouter } from './stores/router.ts'
import { createToastStore } from './stores/toast.ts'
import { addRecentWallet, type RecentWallet } from './wallets.ts'

export interface CaipNetwork {
  id: number
  caipNetworkId: `eip155:${number}`
  chainNamespace: 'eip155'
  name: string
  nativeCurrency: Chain['nativeCurrency']
  rpcUrls: Chain['rpcUrls']
  chain: Chain
}

export interface AccountSnapshot {
  status: 'disconnected' | 'connecting' | 'reconnecting' | 'connected'
  address: `0x${string}` | undefined
  caipAddress: string | undefined
  chainId: number | undefined
  connectorId: string | undefined
  isConnected: boolean
  /** True when the wallet sits on another chain than the one network this page supports. */
  isUnsupportedChain: boolean
}

export interface BalanceSnapshot {
  value: bigint | undefined
  decimals: number
  symbol: string
  loading: boolean
}

export interface CreatePorticoParameters extends PorticoOptions {
  /** The dapp's own wagmi config; the dapp keeps using wagmi with it. */
  wagmiConfig: Config
  /** wagmi state read from the request's cookie, so the server render already knows the account. */
  initialState?: State | undefined
  storage?: KeyValueStorage
  isMobile?: boolean
  /** The sign-in session the server render found (the page's cookie), so both renders agree. */
  siwxSession?: SIWXSession | undefined
}

export type Portico = ReturnType<typeof createPortico>

export function createPortico(parameters: CreatePorticoParameters) {
  const { wagmiConfig, initialState, ...input } = parameters
  const options: ResolvedOptions = resolveOptions(input)
  const chain = options.networks[0] as Chain
  const network: CaipNetwork = {
    id: chain.id,
    caipNetworkId: toCaipNetworkId('eip155', chain.id) as `eip155:${number}`,
    chainNamespace: 'eip155',
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: chain.rpcUrls,
    chain,
  }
  const storage = parameters.storage ?? safeLocalStorage()
  const isMobile = parameters.isMobile ?? false

  const hydration = hydrate(wagmiConfig, { initialState, reconnectOnMount: true })

  const connection = createConnectionStore()
  const restored = wagmiConnections(wagmiConfig)
  if (restored.length > 0) {
    connection.hydrate('connected')
    const current = restored.find((c) => c.connectorId === currentConnectorId(wagmiConfig)) ?? restored[0]
    if (current) connection.store.setState({ connections: restored, currentConnectorId: current.connectorId })
  }

  const router = createRouter('Connect')
  const modal = createModal({
    router,
    isConnected: () => accountOf(connection.current()).isConnected,
    isCloseBlocked: (view) => siwx.isCloseBlocked(view),
  })
  const toast = createToastStore()

  const account: Store<AccountSnapshot> = createStore(accountOf(connection.current()))
  connection.store.subscribe(() => account.setState(accountOf(connection.current())))

  // Sign-in with wallet (issue 4): asks for a signature after connecting when `siwx` is set.
  const siwx = createSiwxFlow({
    config: options.siwx,
    account,
    caipNetworkId: network.caipNetworkId,
    router,
    modal,
    toast,
    hasConnectionClient: () => wagmiConnections(wagmiConfig).length > 0,
    signMessage: (message, address) => signMessage(wagmiConfig, { message, account: address }),
    disconnect,
    initialSession: parameters.siwxSession,
  })

  const balance: Store<BalanceSnapshot> = createStore<BalanceSnapshot>({
    value: undefined,
    decimals: chain.nativeCurrency.decimals,
    symbol: chain.nativeCurrency.symbol,
    loading: false,
  })

  const recent: Store<{ wallets: RecentWallet[] }> = createStore({
    wallets: readJson<RecentWallet[]>(storage, StorageKey.recentWallets) ?? [],
  })

  const connectors: Store<{ list: WalletConnectorInfo[] }> = createStore({
    list: [] as WalletConnectorInfo[],
  })
  const refreshConnectors = () =>
    connectors.setState({
      list: connectorList({
        connectors: wagmiConfig.connectors,
        excludeWalletIds: options.excludeWalletIds,
        isMobile,
      }),
    })

  // Tokens, NFTs and activity of the connected address, from the services (issue 3), and the
  // analytics client; the code arrives with the first account view.
  const loadAccountData = accountDataLoader({
    servicesUrl: options.servicesUrl,
    projectId: options.projectId,
    storage,
    toast,
    network,
    account,
    walletProvider: () => connectedProvider(wagmiConfig),
    analytics: options.features.analytics,
  })

  function accountOf(current: Connection | undefined): AccountSnapshot {
    const status = connection.store.getState().status
    const address = current?.accounts[0] as `0x${string}` | undefined
    const chainId = current?.chainId
    return {
      status,
      address,
      caipAddress: address && chainId ? toCaipAddress('eip155', chainId, address) : undefined,
      chainId,
      connectorId: current?.connectorId,
      isConnected: Boolean(address) && status !== 'disconnected',
      isUnsupportedChain: Boolean(address) && chainId !== undefined && chainId !== chain.id,
    }
  }

  async function refreshBalance({ force = false } = {}) {
    const { address } = account.getState()
    if (!address) {
      balance.setState({ value: undefined, loading: false })
      return
    }
    const cached = force
      ? undefined
      : readCache<string>(storage, StorageKey.nativeBalanceCache, address, CACHE_EXPIRY_MS.nativeBalance)
    if (cached !== undefined) {
      balance.setState({ value: BigInt(cached), loading: false })
      return
    }
    balance.setState({ loading: true })
    try {
      const result = await getBalance(wagmiConfig, { address, chainId: chain.id })
      writeCache(storage, StorageKey.nativeBalanceCache, address, result.value.toString())
      if (account.getState().address === address) balance.setState({ value: result.value, loading: false })
    } catch {
      balance.setState({ loading: false })
      toast.showError(ErrorText.TOKEN_BALANCE_UNAVAILABLE)
    }
  }

  async function connectWallet(connectorId: string) {
    const connector = wagmiConfig.connectors.find((c) => c.id === connectorId)
    if (!connector) throw new PorticoError(ErrorText.ADAPTER_NOT_FOUND)
    connection.startConnecting()
    try {
      const result = await wagmiConnect(wagmiConfig, { connector, chainId: chain.id })
      connection.connected({ connectorId: connector.id, accounts: result.accounts, chainId: result.chainId })
      rememberWallet(connector)
    } catch (error) {
      connection.connectFailed()
      throw toPorticoError(error, isUserRejection(error) ? 'WALLET_ERROR' : 'INTERNAL_SDK_ERROR')
    }
  }

  function rememberWallet(connector: Connector) {
    const wallets = addRecentWallet(recent.getState().wallets, { id: connector.id, rdns: rdnsOf(connector) })
    recent.setState({ wallets })
    storage.setItem(StorageKey.recentWallets, JSON.stringify(wallets))
  }

  async function disconnect() {
    const current = connection.current()
    try {
      const connector = wagmiConfig.connectors.find((c) => c.id === current?.connectorId)
      await wagmiDisconnect(wagmiConfig, connector ? { connector } : undefined)
      if (current) connection.disconnected(current.connectorId)
      else connection.disconnectedAll()
      balance.setState({ value: undefined })
      modal.close({ force: true })
    } catch (error) {
      toast.showError(ErrorText.FAILED_TO_DISCONNECT)
      throw toPorticoError(error)
    }
  }

  async function switchToNetwork() {
    await switchChain(wagmiConfig, { chainId: chain.id })
  }

  /** Starts discovery, reconnect and the watchers; returns the cleanup. Call once, in the browser. */
  function mount(): () => void {
    const unsubscribers: Array<() => void> = []
    unsubscribers.push(watchConnectors(wagmiConfig, { onChange: refreshConnectors }))
    unsubscribers.push(siwx.mount())
    unsubscribers.push(
      watchConnection(wagmiConfig, {
        onChange(next) {
          if (next.status === 'connected' && next.connector) {
            const id = next.connector.id
            const known = connection.store.getState().connections.some((c) => c.connectorId === id)
            if (known) {
              connection.updateConnection(id, { accounts: next.addresses, chainId: next.chainId })
            } else if (connection.store.getState().status !== 'connecting') {
              connection.connected({ connectorId: id, accounts: next.addresses, chainId: next.chainId })
            }
          } else if (next.status === 'disconnected' && connection.store.getState().status === 'connected') {
            connection.disconnectedAll()
          }
        },
      }),
    )
    unsubscribers.push(
      account.subscribe((next, previous) => {
        if (next.address !== previous.address || next.chainId !== previous.chainId) void refreshBalance()
      }),
    )
    // wagmi reconnects on its own after hydration; our connection store follows its outcome once.
    let synced = false
    unsubscribers.push(
      wagmiConfig.subscribe(
        (state) => state.status,
        (status) => {
          if (synced || (status !== 'connected' && status !== 'disconnected')) return
          synced = true
          refreshConnectors()
          connection.syncFinished(status === 'connected' ? wagmiConnections(wagmiConfig) : [])
        },
      ),
    )
    refreshConnectors()
    void hydration.onMount()
    void refreshBalance()
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe()
    }
  }

  // E-mail login through the embedded connector, when the dapp's wagmi config carries one (issue 5).
  const embedded = createEmbeddedController({
    wagmiConfig,
    enabled: options.features.email,
    storage,
    modal,
    router,
    toast,
    connect: connectWallet,
    disconnect,
  })

  return {
    options,
    network,
    wagmiConfig,
    storage,
    router,
    modal,
    toast,
    connection,
    account,
    balance,
    loadAccountData,
    embedded,
    siwx,
    connectors,
    recent,
    connectWallet,
    disconnect,
    switchToNetwork,
    refreshBalance,
    mount,
  }
}

function wagmiConnections(config: Config): Connection[] {
  return [...config.state.connections.values()].map((c) => ({
    connectorId: c.connector.id,
    accounts: c.accounts,
    chainId: c.chainId,
  }))
}

function currentConnectorId(config: Config): string | undefined {
  const uid = config.state.current
  return uid ? config.state.connections.get(uid)?.connector.id : undefined
}

function rdnsOf(connector: Connector): string | undefined {
  return Array.isArray(connector.rdns) ? connector.rdns[0] : (connector.rdns as string | undefined)
}

function readJson<T>(storage: KeyValueStorage, key: string): T | undefined {
  try {
    const raw = storage.getItem(key)
    return raw ? (JSON.parse(raw) as T) : undefined
  } catch {
    return undefined
  }
}
