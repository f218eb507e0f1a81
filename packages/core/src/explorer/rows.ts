/**
 * The Connect view's rows from the wallet list (behaviour §2 groups recent, featured, recommended):
 * pure, so they are computed again whenever a browser wallet announces itself. A wallet installed
 * in this browser (its rdns announced, EIP-6963) is never offered here: the installed group lists it.
 */
import { WALLET_LIST } from '../constants.ts'
import { matchesWallet } from '../wallets.ts'
import { type InstalledWallet, installedConnector } from './installed.ts'
import type { ExplorerWallet } from './wallet.ts'

export interface ExplorerRows {
  recent: ExplorerWallet[]
  featured: ExplorerWallet[]
  recommended: ExplorerWallet[]
}

export type RowsInput = Parameters<typeof explorerRows>[0]

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
