/**
 * The Connect view's rows from the wallet list (behaviour §2 groups recent, featured, recommended):
 * pure, so they are computed again whenever a browser wallet announces itself. A wallet installed
 * in this browser (its rdns announced, EIP-6963) is never offered here: the installed group lists it.
 */
import { WALLET_LIST } from '../constants.ts'
import { walletNavigation } from '../walletconnect/deep-links.ts'
import { matchesWallet } from '../wallets.ts'
import { type InstalledWallet, installedConnector } from './installed.ts'
import type { ExplorerWallet } from './wallet.ts'

export interface ExplorerRows {
  recent: ExplorerWallet[]
  featured: ExplorerWallet[]
  recommended: ExplorerWallet[]
}

type RowsInput = Parameters<typeof explorerRows>[0]

export function explorerRows({
  listed,
  named,
  featuredWalletIds,
  recentIds,
  installed,
}: {
  /** The first page of the list, in its order. */
  listed: readonly ExplorerWallet[]
  /** The wallets fetched by name for the featured and recent rows. */
  named: readonly ExplorerWallet[]
  featuredWalletIds: readonly string[]
  /** Recent wallets' ids, newest first (core's recent-wallets store). */
  recentIds: readonly string[]
  installed: readonly InstalledWallet[]
}): ExplorerRows {
  const shown = new Set<string>()
  const take = (wallet: ExplorerWallet | undefined): wallet is ExplorerWallet => {
    if (!wallet || shown.has(wallet.id) || installedConnector(wallet, installed)) return false
    shown.add(wallet.id)
    return true
  }
  const recent = recentIds.map((id) => named.find((wallet) => wallet.id === id)).filter(take)
  // The host's order, each name matched by id, rdns or case-insensitive name.
  const featured = featuredWalletIds
    .map((ref) => named.find((wallet) => matchesWallet(wallet, [ref])))
    .filter(take)
  const recommended: ExplorerWallet[] = []
  for (const wallet of listed) {
    if (recommended.length === WALLET_LIST.recommended) break
    if (take(wallet)) recommended.push(wallet)
  }
  return { recent, featured, recommended }
}

/** Whether a phone can open the wallet with a pairing URI: its `mobile_link`, else its web app. */
export const opensOnPhone = (wallet: ExplorerWallet): boolean =>
  walletNavigation(wallet, 'wc:', { platform: 'mobile' }) !== undefined

/**
 * The wallets a phone's plain WalletConnect view lists (the phone layout): the Connect
 * view's recent, featured and recommended rows first, then the rest of the list's first page in its
 * order; only wallets a phone can open, never one installed here (Connect lists those).
 */
export function phoneWallets(input: RowsInput): ExplorerWallet[] {
  const rows = explorerRows(input)
  const first = [...rows.recent, ...rows.featured, ...rows.recommended]
  const shown = new Set(first.map((wallet) => wallet.id))
  const others = input.listed.filter(
    (wallet) => !shown.has(wallet.id) && !installedConnector(wallet, input.installed),
  )
  return [...first, ...others].filter(opensOnPhone)
}
