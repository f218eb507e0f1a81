/**
 * `createPortico` wires the framework-free parts to the dapp's wagmi config: EIP-6963 discovery,
 * connect, reconnect, disconnect, the native balance, sign-in and e-mail login.
 */
import {
  hydrate,
  signMessage,
  switchChain,
  connect as wagmiConnect,
  disconnect as wagmiDisconnect,
  watchConnectors,
} from '@wagmi/core'
import { accountDataLoader, connectedProvider } from './account/load.ts'
import { createNativeBalance } from './account/native-balance.ts'
import { lazyAnalytics } from './analytics/lazy.ts'
import { AnalyticsEventName, type ConnectMethod } from './analytics/names.ts'
import { reportSiwxEvents, walletOf } from './analytics/report.ts'
import { connectorList, rdnsOf, type WalletConnectorInfo } from './connectors.ts'
import { createEmbeddedController } from './embedded/index.ts'
import { ErrorText, isUserRejection, PorticoError, toPorticoError } from './errors.ts'
import { createExplorer } from './explorer/explorer.ts'
import { createNames } from './names/names.ts'
import { pageChain, toCaipNetwork } from './network.ts'
import { type ResolvedOptions, resolveOptions } from './options.ts'
import type { PayController, PaymentSnapshot } from './pay/controller.ts'
import type { CreatePorticoParameters, Portico } from './portico.ts'
import { lazyServicesClient } from './services.ts'
import { createSiwxFlow } from './siwx/flow.ts'
import { safeLocalStorage } from './storage.ts'
import { createStore } from './store.ts'
import { createAccountStore } from './stores/account.ts'
import { createConnectionStore } from './stores/connection.ts'
import { createModal } from './stores/modal.ts'
import { createRecentWallets } from './stores/recent-wallets.ts'
import { createRouter } from './stores/router.ts'
import { createToastStore } from './stores/toast.ts'
import { followWagmiConnection, restoreConnection, wagmiConnections } from './wagmi-connection.ts'
import { createWalletConnectController } from './walletconnect/controller.ts'

export function createPortico(parameters: CreatePorticoParameters): Portico {
  const { wagmiConfig, initialState, ...input } = parameters
  const options: ResolvedOptions = resolveOptions(input)
  const chain = pageChain(options.networks, wagmiConfig.chains)
  const network = toCaipNetwork(chain)
  const storage = parameters.storage ?? safeLocalStorage()
  const isMobile = parameters.isMobile ?? false

  const hydration = hydrate(wagmiConfig, { initialState, reconnectOnMount: true })

  const connection = createConnectionStore()
  restoreConnection(wagmiConfig, connection)
  const account = createAccountStore(connection, chain.id)

  const router = createRouter('Connect')
  const modal = createModal({
    router,
    isConnected: () => account.getState().isConnected,
    isCloseBlocked: (view) => siwx.isCloseBlocked(view),
  })
  const toast = createToastStore()

  // One services client for the wallet list, names, analytics and the account data; its code loads
  // with the first request.
  const services = lazyServicesClient(options)
  // Events of behaviour §7: the client code loads at the first one (lazy.ts), never when analytics is off.
  const analytics = lazyAnalytics({
    enabled: options.features.analytics,
    services,
    projectId: options.projectId,
  })
  modal.store.subscribe((next, previous) => {
    if (next.open && !previous.open)
      void analytics.track(AnalyticsEventName.MODAL_OPEN, { connected: account.getState().isConnected })
  })

  // Sign-in with wallet: asks for a signature after connecting when `siwx` is set.
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

  reportSiwxEvents(siwx, analytics)

  const balance = createNativeBalance({ wagmiConfig, chain, storage, toast, account })
  // Account names: the connected address's name in the button and header.
  const names = createNames({
    services,
    chainId: chain.id,
    storage,
    account,
    signMessage: (message, address) => signMessage(wagmiConfig, { message, account: address }),
    initial: parameters.identity,
  })
  const recent = createRecentWallets(storage)
  // The services' wallet list: fetched when the Connect view first shows.
  const explorer = createExplorer({
    services,
    caipNetworkId: network.caipNetworkId,
    options,
    recentIds: () => recent.store.getState().wallets.map((wallet) => wallet.id),
    router,
  })

  const connectors = createStore({ list: [] as WalletConnectorInfo[] })
  const refreshConnectors = () =>
    connectors.setState({
      list: connectorList({
        connectors: wagmiConfig.connectors,
        excludeWalletIds: options.excludeWalletIds,
        isMobile,
      }),
    })

  // Tokens, NFTs and activity of the connected address, from the services; the code
  // arrives with the first account view.
  const loadAccountData = accountDataLoader({
    services,
    storage,
    toast,
    network,
    account,
    walletProvider: () => connectedProvider(wagmiConfig),
    analytics,
    onramp: options.features.onramp,
  })

  // The connection store follows wagmi (wagmi-connection.ts), so connecting only asks wagmi.
  async function connectWallet(
    connectorId: string,
    { chosen = true, login }: { chosen?: boolean; login?: ConnectMethod } = {},
  ) {
    const connector = wagmiConfig.connectors.find((c) => c.id === connectorId)
    if (!connector) throw new PorticoError(ErrorText.ADAPTER_NOT_FOUND)
    const wallet = walletOf(connector, login)
    // E-mail login reports its choice when the address is submitted (embedded controller); this
    // connect is its last step.
    if (wallet.method === 'browser' && chosen) void analytics.track(AnalyticsEventName.SELECT_WALLET, wallet)
    try {
      // Without chainId: a wallet on another network connects, and the modal then offers the switch
      // (a declined switch inside connect would have failed the whole connection).
      await wagmiConnect(wagmiConfig, { connector })
      recent.remember({ id: connector.id, rdns: rdnsOf(connector) })
      void analytics.track(AnalyticsEventName.CONNECT_SUCCESS, wallet)
    } catch (error) {
      if (chosen) void analytics.trackError(AnalyticsEventName.CONNECT_ERROR, error, wallet)
      throw toPorticoError(error, isUserRejection(error) ? 'WALLET_ERROR' : 'INTERNAL_SDK_ERROR')
    }
  }

  async function disconnect() {
    const current = connection.current()
    try {
      const connector = wagmiConfig.connectors.find((c) => c.id === current?.connectorId)
      await wagmiDisconnect(wagmiConfig, connector ? { connector } : undefined)
      modal.close({ force: true })
    } catch (error) {
      toast.showError(ErrorText.FAILED_TO_DISCONNECT)
      throw toPorticoError(error)
    }
  }

  // Payments' code loads on the first openPay: most pages never take one.
  const payment = createStore<PaymentSnapshot>({ request: undefined, hash: undefined })
  let payController: Promise<PayController> | undefined
  const pay = () => {
    payController ??= import('./pay/controller.ts').then(({ createPayController }) => {
      const controller = createPayController({
        store: payment,
        enabled: options.features.pay,
        caipNetworkId: network.caipNetworkId,
        modal,
        router,
        account,
      })
      controller.watch()
      return controller
    })
    return payController
  }

  async function switchToNetwork() {
    await switchChain(wagmiConfig, { chainId: chain.id })
  }

  function mount(): () => void {
    const unsubscribers: Array<() => void> = []
    unsubscribers.push(watchConnectors(wagmiConfig, { onChange: refreshConnectors }))
    unsubscribers.push(siwx.mount())
    unsubscribers.push(followWagmiConnection(wagmiConfig, connection, { onSynced: refreshConnectors }))
    unsubscribers.push(balance.watch())
    unsubscribers.push(names.watch())
    refreshConnectors()
    void hydration.onMount()
    void balance.refresh()
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe()
    }
  }

  // E-mail login through the embedded connector, when the dapp's wagmi config carries one.
  const embedded = createEmbeddedController({
    wagmiConfig,
    enabled: options.features.email,
    storage,
    modal,
    router,
    toast,
    connect: connectWallet,
    disconnect,
    analytics,
    defaultAccountType: options.defaultAccountTypes.eip155 === 'eoa' ? 'eoa' : 'smartAccount',
    theme: () => ({ themeMode: options.themeMode, themeVariables: options.themeVariables }),
  })

  // WalletConnect, when the dapp's wagmi config carries the connector; the SDK loads on first use.
  const walletConnect = createWalletConnectController({
    wagmiConfig,
    settings: { ...options.walletConnect, metadata: options.metadata },
    connect: connectWallet,
  })

  return {
    options,
    network,
    wagmiConfig,
    storage,
    router,
    modal,
    toast,
    account,
    balance: balance.store,
    loadAccountData,
    embedded,
    walletConnect,
    siwx,
    names,
    connectors,
    recent: recent.store,
    explorer,
    connectWallet,
    disconnect,
    switchToNetwork,
    refreshBalance: balance.refresh,
    openPay: async (payOptions) => (await pay()).openPay(payOptions),
    payment,
    paymentMined: (hash) => void pay().then((controller) => controller.paid(hash)),
    mount,
  }
}
