/**
 * The phone's side of the wallet list's rows, apart from `rows.ts` so that a desktop's Connect, which
 * needs only the rows, does not carry the deep-link rules with them.
 */
import { walletNavigation } from '../walletconnect/deep-links.ts'
import { installedConnector } from './installed.ts'
import { explorerRows, type RowsInput } from './rows.ts'
import type { ExplorerWallet } from './wallet.ts'

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
