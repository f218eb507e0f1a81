import type { RouterData, View } from '@portico/core/internal'
import { Account, Connect } from './button-views.ts'
import { type LazyView, lazyView } from './lazy-view.ts'
import { SOCIAL_LABEL } from './social/providers.ts'

/**
 * Every view is its own chunk, fetched the first time it is shown (Connect and Account also when
 * the connect button is approached, `button-views.ts`). Routing to a view absent here shows Connect.
 */
const VIEWS: Partial<Record<View, LazyView>> = {
  Connect,
  Account,
  AllWallets: lazyView(() => import('./AllWallets.tsx')),
  ExplorerWallet: lazyView(() => import('./ExplorerWallet.tsx')),
  ApproveTransaction: lazyView(() => import('./ApproveTransaction.tsx')),
  EmailVerifyOtp: lazyView(() => import('./EmailVerifyOtp.tsx')),
  UpdateEmailWallet: lazyView(() => import('./UpdateEmailWallet.tsx')),
  UpdateEmailPrimaryOtp: lazyView(() => import('./UpdateEmailPrimaryOtp.tsx')),
  UpdateEmailSecondaryOtp: lazyView(() => import('./UpdateEmailSecondaryOtp.tsx')),
  ConnectingExternal: lazyView(() => import('./ConnectingExternal.tsx')),
  ConnectingSiwe: lazyView(() => import('./ConnectingSiwe.tsx')),
  ConnectingSocial: lazyView(() => import('./ConnectingSocial.tsx')),
  ConnectingFarcaster: lazyView(() => import('./ConnectingFarcaster.tsx')),
  ConnectingWalletConnect: lazyView(() => import('./ConnectingWalletConnect.tsx')),
  ConnectingWalletConnectBasic: lazyView(() => import('./ConnectingWalletConnectBasic.tsx')),
  SIWXSignMessage: lazyView(() => import('./SIWXSignMessage.tsx')),
  UnsupportedChain: lazyView(() => import('./UnsupportedChain.tsx')),
  WalletReceive: lazyView(() => import('./WalletReceive.tsx')),
  WalletSend: lazyView(() => import('./WalletSend.tsx')),
  WalletSwap: lazyView(() => import('./WalletSwap.tsx')),
  OnRampProviders: lazyView(() => import('./OnRampProviders.tsx')),
  BuyInProgress: lazyView(() => import('./BuyInProgress.tsx')),
  ProtectWallet: lazyView(() => import('./ProtectWallet.tsx')),
  RotateKey: lazyView(() => import('./RotateKey.tsx')),
  SetUpWallet: lazyView(() => import('./UnlockWallet.tsx')),
  UnlockWallet: lazyView(() => import('./UnlockWallet.tsx')),
  ExportPrivateKey: lazyView(() => import('./ExportPrivateKey.tsx')),
  RegisterAccountName: lazyView(() => import('./RegisterAccountName.tsx')),
  RegisterAccountNameSuccess: lazyView(() => import('./RegisterAccountNameSuccess.tsx')),
  Pay: lazyView(() => import('./Pay.tsx')),
}

/** The code of `view` (`useViewComponent` draws it). */
export function lazyViewOf(view: View): LazyView {
  return VIEWS[view] ?? Connect
}

export function viewTitle(view: View, data: RouterData | undefined): string {
  switch (view) {
    case 'Account':
      return 'Account'
    case 'ConnectingExternal':
      return data?.wallet?.name ?? 'Connecting'
    case 'ConnectingWalletConnect':
      return data?.explorerWallet?.name ?? 'WalletConnect'
    case 'ConnectingWalletConnectBasic':
      return 'WalletConnect'
    case 'AllWallets':
      return 'All Wallets'
    case 'ExplorerWallet':
      return data?.explorerWallet?.name ?? 'Wallet'
    case 'WalletReceive':
      return 'Receive'
    case 'WalletSend':
      return 'Send'
    case 'WalletSwap':
      return 'Swap'
    case 'OnRampProviders':
      return 'Buy'
    case 'BuyInProgress':
      return 'Buy in progress'
    case 'UnsupportedChain':
      return 'Switch Network'
    case 'ApproveTransaction':
      return 'Approve Transaction'
    case 'EmailVerifyOtp':
      return 'Confirm Email'
    case 'UpdateEmailWallet':
    case 'UpdateEmailPrimaryOtp':
    case 'UpdateEmailSecondaryOtp':
      return 'Edit Email'
    case 'SetUpWallet':
    case 'ProtectWallet':
      return 'Protect Your Wallet'
    case 'RotateKey':
      return 'Make Recovery Yours'
    case 'UnlockWallet':
      return 'Unlock Wallet'
    case 'ExportPrivateKey':
      return 'Export Private Key'
    case 'RegisterAccountName':
      return 'Choose Name'
    case 'RegisterAccountNameSuccess':
      return 'Name Chosen'
    case 'ConnectingSocial':
      return data?.socialProvider ? SOCIAL_LABEL[data.socialProvider] : 'Connecting'
    case 'ConnectingFarcaster':
      return 'Farcaster'
    case 'Pay':
      return 'Pay'
    case 'SIWXSignMessage':
    case 'ConnectingSiwe':
      return 'Sign In'
    default:
      return 'Connect Wallet'
  }
}
