import type { ExplorerListState, Portico } from '@portico/core'
import { explorerRows, safeIcon, type WalletConnectorInfo } from '@portico/core/internal'
import type { ExplorerWallet } from '@portico/core/shared'
import type { ReactNode } from 'react'
import { ExternalIcon } from '../../components/icons.tsx'
import { ChevronIcon, WalletIcon } from '../../components/wallet-icons.tsx'
import { lazyPart, useLazyPart } from '../lazy-part.ts'
import type { WalletRow } from './wallet-row.ts'

/**
 * What Connect's wallets add from the services' list, which a request brings after Connect's first
 * paint: the list's rows of each group, All wallets, the advice where nothing is listed, and the
 * failure card (its own chunk). Fetched as Connect shows, beside the list's request.
 */
export { Unavailable } from '../../components/Unavailable.tsx'

// Only a phone deep-links its rows and pairs ahead of the tap: a desktop's Connect never loads it.
const phoneParts = lazyPart(() => import('../walletconnect/phone-parts.tsx'))

const usePhoneParts = (portico: Portico, phone: boolean) =>
  useLazyPart(phoneParts, phone && portico.walletConnect.isAvailable())

/** Where a newcomer finds a wallet: ethereum.org's neutral list, not one vendor. */
const GET_A_WALLET_URL = 'https://ethereum.org/en/wallets/find-wallet/'

/** The services' wallets of the recent, featured and recommended groups, as rows. */
export function listedRows(
  portico: Portico,
  { first, named }: ExplorerListState,
  installed: WalletConnectorInfo[],
  recentIds: string[],
) {
  const listed = explorerRows({
    listed: first?.data ?? [],
    named,
    featuredWalletIds: portico.options.featuredWalletIds,
    recentIds,
    installed,
  })
  const row = (wallet: ExplorerWallet): WalletRow => ({
    key: wallet.id,
    name: wallet.name,
    icon: safeIcon(wallet.image_url ?? undefined),
    select: () => portico.explorer.pick(wallet, installed),
    wallet,
  })
  return {
    recent: listed.recent.map(row),
    featured: listed.featured.map(row),
    recommended: listed.recommended.map(row),
  }
}

/**
 * On a phone, the pairing made ahead of a tap on a listed wallet. Not while the legal checkbox is
 * unticked: the rows stay buttons then.
 */
export function PhonePairing({
  portico,
  phone,
  agreed,
}: {
  portico: Portico
  phone: boolean
  agreed: boolean
}) {
  const code = usePhoneParts(portico, phone)
  return code && agreed ? <code.PhonePairing portico={portico} /> : null
}

/**
 * A listed wallet's row: on a phone, a link that opens the wallet's app. `agreed` false (the legal
 * checkbox unticked) keeps it a button, which the disabled fieldset around it holds back; a link it
 * could not.
 */
export function ListedRow({
  portico,
  row,
  wallet,
  phone,
  agreed,
  children,
}: {
  portico: Portico
  row: WalletRow
  wallet: ExplorerWallet
  phone: boolean
  agreed: boolean
  children: ReactNode
}) {
  const DeepLinkRow = usePhoneParts(portico, phone)?.DeepLinkRow
  return DeepLinkRow && agreed ? (
    <DeepLinkRow portico={portico} wallet={wallet} noLink={row.select}>
      {children}
    </DeepLinkRow>
  ) : (
    <button type="button" className="row-button" onClick={row.select}>
      {children}
    </button>
  )
}

/** The way to every wallet of the services' list, with their count. */
export function AllWalletsButton({ portico, count }: { portico: Portico; count: number }) {
  return (
    <button type="button" className="row-button" onClick={() => portico.router.push('AllWallets')}>
      <span className="wallet-image" aria-hidden="true">
        <WalletIcon size={20} />
      </span>
      <span className="label">All wallets</span>
      <span className="pill">{count}</span>
      <span className="chevron">
        <ChevronIcon />
      </span>
    </button>
  )
}

/**
 * No wallet in this browser: say so in words that fit the device, point to the way in that works
 * here (e-mail, when offered, is listed first), and to where a newcomer gets a wallet. A phone
 * cannot add a browser extension, so it is never told to.
 */
export function NoWallet({ phone, emailShown }: { phone: boolean; emailShown: boolean }) {
  const [title, advice] = phone
    ? [
        'No wallet found',
        emailShown
          ? 'Continue with your e-mail, or open this page in your wallet app’s browser.'
          : 'Open this page in your wallet app’s browser to connect.',
      ]
    : [
        'No wallet found in this browser',
        emailShown
          ? 'Continue with your e-mail, or add a wallet extension to this browser and reload the page.'
          : 'Add a wallet extension such as MetaMask or Rabby to this browser, then reload the page.',
      ]
  return (
    <div className="center no-wallet">
      <span className="empty-icon" aria-hidden="true">
        <WalletIcon size={24} />
      </span>
      <p>{title}</p>
      <p className="muted">{advice}</p>
      <p className="muted">New to wallets?</p>
      <GetAWallet className="secondary" />
    </div>
  )
}

/** Under the wallets of a browser without one: where a newcomer gets a wallet. */
export function NewToWallets() {
  return (
    <p className="muted new-to-wallets">
      New to wallets? <GetAWallet />
    </p>
  )
}

/** ethereum.org's wallet finder, in a new tab. */
function GetAWallet({ className }: { className?: string }) {
  return (
    <a className={className} href={GET_A_WALLET_URL} target="_blank" rel="noopener noreferrer">
      Get a wallet
      <ExternalIcon size={16} />
    </a>
  )
}
