import type { Config, State } from '@wagmi/core'
import type { AccountData } from './account/account-data.ts'
import type { BalanceSnapshot } from './account/native-balance.ts'
import type { ConnectMethod } from './analytics/names.ts'
import type { WalletConnectorInfo } from './connectors.ts'
import type { EmbeddedController } from './embedded/index.ts'
import type { PorticoExplorer } from './explorer/explorer.ts'
import type { Identity } from './names/identities.ts'
import type { PorticoNames } from './names/names.ts'
import type { CaipNetwork } from './network.ts'
import type { PorticoOptions, ResolvedOptions } from './options.ts'
import type { PaymentSnapshot } from './pay/controller.ts'
import type { PayOptions, PayResult } from './pay/request.ts'
import type { SiwxFlow } from './siwx/flow.ts'
import type { SIWXSession } from './siwx/session.ts'
import type { KeyValueStorage } from './storage.ts'
import type { Store } from './store.ts'
import type { AccountSnapshot } from './stores/account.ts'
import type { Modal } from './stores/modal.ts'
import type { Router } from './stores/router.ts'
import type { ToastStore } from './stores/toast.ts'
import type { WalletConnectController } from './walletconnect/controller.ts'
import type { RecentWallet } from './wallets.ts'

export interface CreatePorticoParameters extends PorticoOptions {
  /** The dapp's own wagmi config; the dapp keeps using wagmi with it. */
  wagmiConfig: Config
  /** wagmi state read from the request's cookie, so the server render already knows the account. */
  initialState?: State | undefined
  storage?: KeyValueStorage
  isMobile?: boolean
  /** The sign-in session the server render found (the page's cookie), so both renders agree. */
  siwxSession?: SIWXSession | undefined
  /** The connected address's identity the server render found, so both renders show its name. */
  identity?: { address: string; identity: Identity } | undefined
}

/** What `createPortico` returns: the modal's state and actions, framework-free; `@portico/react` renders it. */
export interface Portico {
  options: ResolvedOptions
  network: CaipNetwork
  wagmiConfig: Config
  storage: KeyValueStorage
  router: Router
  modal: Modal
  toast: ToastStore
  /** The connected account; it follows wagmi's connection. */
  account: Store<AccountSnapshot>
  /** The native balance of the connected address. */
  balance: Store<BalanceSnapshot>
  /** Tokens, NFTs and activity; their code loads on the first call (the first account view). */
  loadAccountData(): Promise<AccountData>
  /** E-mail login through the embedded wallet. */
  embedded: EmbeddedController
  /** WalletConnect's pairing and connect, for the QR view. */
  walletConnect: WalletConnectController
  /** Sign-in with wallet. */
  siwx: SiwxFlow
  /** Account names: who addresses are, and choosing one for the connected account. */
  names: PorticoNames
  /** The wallets the Connect view lists. */
  connectors: Store<{ list: WalletConnectorInfo[] }>
  recent: Store<{ wallets: RecentWallet[] }>
  /** The services' wallet list: the Connect view's rows, the all-wallets list, where a pick leads. */
  explorer: PorticoExplorer
  /**
   * `chosen: false`: a connect the modal starts before the visitor picks anything (WalletConnect's
   * pairing on a phone), so it reports no SELECT_WALLET and no CONNECT_ERROR; its success is reported.
   */
  connectWallet(connectorId: string, options?: { chosen?: boolean; login?: ConnectMethod }): Promise<void>
  disconnect(): Promise<void>
  switchToNetwork(): Promise<void>
  /** `force` skips the native balance cache, e.g. right after a send. */
  refreshBalance(options?: { force?: boolean }): Promise<void>
  /**
   * Asks the visitor to pay (`features.pay`): the modal shows the payment (after Connect when no
   * wallet is connected) and resolves with the mined transaction's hash, or with why not — the
   * visitor left it, or another payment replaced it. Rejects for options that are not a payment
   * this page can take (another network, a bad address or amount).
   */
  openPay(options: PayOptions): Promise<PayResult>
  /** The payment `openPay` is showing, for the Pay view. */
  payment: Store<PaymentSnapshot>
  /** The Pay view's payment was mined. */
  paymentMined(hash: `0x${string}`): void
  /** Starts discovery, reconnect and the watchers; returns the cleanup. Call once, in the browser. */
  mount(): () => void
}
