import type { PopupSocialProvider } from '../embedded/types.ts'
import type { ExplorerWallet } from '../explorer/wallet.ts'
import { createStore, type Store } from '../store.ts'

/** Every modal view of behaviour §2. */
export const VIEWS = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingSiwe',
  'ConnectingFarcaster',
  'UnsupportedChain',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'ApproveTransaction',
  'SIWXSignMessage',
] as const

/** Panels of the account modal that need their own title and Back (AppKit names them the same). */
export const ACCOUNT_VIEWS = [
  'WalletSend',
  'WalletReceive',
  'WalletSwap',
  'OnRampProviders',
  'BuyInProgress',
] as const

/** The steps of e-mail login and e-mail update (AppKit names them the same). */
const EMAIL_VIEWS = [
  'EmailVerifyOtp',
  'UpdateEmailWallet',
  'UpdateEmailPrimaryOtp',
  'UpdateEmailSecondaryOtp',
] as const

/** A wallet of the all-wallets list that is not installed: its own page, to get it or connect to it. */
const EXPLORER_VIEWS = ['ExplorerWallet'] as const

/** A payment a dapp asked for (`openPay`, behaviour §1's optional pay panel). */
const PAY_VIEWS = ['Pay'] as const

/** Social login: waiting for the provider's popup (ConnectingFarcaster is one of behaviour §2's views). */
const SOCIAL_VIEWS = ['ConnectingSocial'] as const

/** The embedded wallet's key steps, drawn by the secure frame over the modal. */
const KEY_VIEWS = ['SetUpWallet', 'ProtectWallet', 'RotateKey', 'UnlockWallet', 'ExportPrivateKey'] as const

export type View =
  | (typeof VIEWS)[number]
  | (typeof ACCOUNT_VIEWS)[number]
  | (typeof EMAIL_VIEWS)[number]
  | (typeof KEY_VIEWS)[number]
  | (typeof EXPLORER_VIEWS)[number]
  | (typeof SOCIAL_VIEWS)[number]
  | (typeof PAY_VIEWS)[number]

export interface RouterData {
  connectorId?: string | undefined
  wallet?: { name: string; icon?: string | undefined } | undefined
  /** The registry's entry of the wallet picked in the all-wallets list (ExplorerWallet, ConnectingWalletConnect). */
  explorerWallet?: ExplorerWallet | undefined
  /** The Account tab to show, e.g. Activity after a send. */
  accountTab?: 'tokens' | 'nfts' | 'activity' | undefined
  /** UnsupportedChain right after a connect: ask the wallet to switch without waiting for a click. */
  switchNow?: boolean | undefined
  /** ConnectingSocial: the provider whose popup is open. */
  socialProvider?: PopupSocialProvider | undefined
}

type RouterDirection = 'forward' | 'back' | 'none'

interface RouterState {
  view: View
  history: View[]
  data: RouterData | undefined
  direction: RouterDirection
  /** Changes on every navigation, so the UI can key its 150 ms transition on it. */
  transitionId: number
}

export interface Router {
  store: Store<RouterState>
  push(view: View, data?: RouterData): void
  replace(view: View, data?: RouterData): void
  /** Returns false, changing nothing, when there is no earlier view to go back to. */
  goBack(): boolean
  reset(view: View, data?: RouterData): void
}

export function createRouter(initial: View = 'Connect'): Router {
  const store = createStore<RouterState>({
    view: initial,
    history: [initial],
    data: undefined,
    direction: 'none',
    transitionId: 0,
  })
  // Each history entry keeps its own data, so going back shows the wallet the user left.
  let dataHistory: (RouterData | undefined)[] = [undefined]

  function navigate(history: View[], data: RouterData | undefined, direction: RouterDirection) {
    const view = history[history.length - 1] ?? initial
    store.setState((state) => ({ view, history, data, direction, transitionId: state.transitionId + 1 }))
  }

  return {
    store,
    push(view, data) {
      const { history, view: current } = store.getState()
      // A double click must not stack the same view twice.
      if (view === current) {
        dataHistory = [...dataHistory.slice(0, -1), data]
        store.setState({ data })
        return
      }
      dataHistory = [...dataHistory, data]
      navigate([...history, view], data, 'forward')
    },
    replace(view, data) {
      const { history } = store.getState()
      dataHistory = [...dataHistory.slice(0, -1), data]
      navigate([...history.slice(0, -1), view], data, 'none')
    },
    goBack() {
      const { history } = store.getState()
      if (history.length <= 1) return false
      dataHistory = dataHistory.slice(0, -1)
      navigate(history.slice(0, -1), dataHistory[dataHistory.length - 1], 'back')
      return true
    },
    reset(view, data) {
      dataHistory = [data]
      navigate([view], data, 'none')
    },
  }
}
