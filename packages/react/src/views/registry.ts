import type { RouterData, View } from '@portico/core'
import { type ComponentType, lazy } from 'react'
import { Connect } from './Connect.tsx'
import { SOCIAL_LABEL } from './social/providers.ts'
import type { ViewProps } from './types.ts'

/**
 * Connect ships with the first paint; every other view is its own chunk, fetched the first time
 * it is shown. Views later issues build are absent here, and routing to one shows Connect.
 */
const VIEWS: Partial<Record<View, ComponentType<ViewProps>>> = {
  Connect,
  Account: lazy(() => import('./Account.tsx')),
  AllWallets: lazy(() => import('./AllWallets.tsx')),
  ExplorerWallet: lazy(() => import('./ExplorerWallet.tsx')),
  ApproveTransaction: lazy(() => import('./ApproveTransaction.tsx')),
  EmailVerifyDevice: lazy(() => import('./EmailVerifyDevice.tsx')),
  EmailVerifyOtp: lazy(() => import('./EmailVerifyOtp.tsx')),
  UpdateEmailWallet: lazy(() => import('./UpdateEmailWallet.tsx')),
  UpdateEmailPrimaryOtp: lazy(() => import('./UpdateEmailPrimaryOtp.tsx')),
  UpdateEmailSecondaryOtp: lazy(() => import('./UpdateEmailSecondaryOtp.tsx')),
  ConnectingExternal: lazy(() => import('./ConnectingExternal.tsx')),
  ConnectingSiwe: lazy(() => import('./ConnectingSiwe.tsx')),
  ConnectingSocial: lazy(() => import('./ConnectingSocial.tsx')),
  ConnectingFarcaster: lazy(() => import('./ConnectingFarcaster.tsx')),
  ConnectingWalletConnect: lazy(() => import('./ConnectingWalletConnect.tsx')),
  ConnectingWalletConnectBasic: lazy(() => import('./ConnectingWalletConnectBasic.tsx')),
  SIWXSignMessage: lazy(() => import('./SIWXSignMessage.tsx')),
  UnsupportedChain: lazy(() => import('./UnsupportedChain.tsx')),
  WalletReceive: lazy(() => import('./WalletReceive.tsx')),
  WalletSend: lazy(() => import('./WalletSend.tsx')),
  WalletSwap: lazy(() => import('./WalletSwap.tsx')),
  OnRampProviders: lazy(() => import('./OnRampProviders.tsx')),
  BuyInProgress: lazy(() => import('./BuyInProgress.tsx')),
  ProtectWallet: lazy(() => import('./ProtectWallet.tsx')),
  UnlockWallet: lazy(() => import('./UnlockWallet.tsx')),
  ExportPrivateKey: lazy(() => import('./ExportPrivateKey.tsx')),
  RegisterAccountName: lazy(() => import('./RegisterAccountName.tsx')),
  RegisterAccountNameSuccess: lazy(() => import('./RegisterAccountNameSuccess.tsx')),
}

export function viewComponent(view: View): ComponentType<ViewProps> {
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
    case 'EmailVerifyDevice':
      return 'Register Device'
    case 'UpdateEmailWallet':
    case 'UpdateEmailPrimaryOtp':
    case 'UpdateEmailSecondaryOtp':
      return 'Edit Email'
    case 'ProtectWallet':
      return 'Protect Your Wallet'
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
    case 'SIWXSignMessage':
    case 'ConnectingSiwe':
      return 'Sign In'
    default:
      return 'Connect Wallet'
  }
}
