import {
  type ExplorerWallet,
  matchesWallet,
  supportsChains,
  type WalletListAnswer,
} from '@portico/core/shared'
import type { WalletsQuery } from './query.ts'
import type { WalletRegistry } from './registry.ts'

/**
 * One page of the registry for a query, in the registry's order (recommended first), and how many
 * wallets match in all. `badge_type=certified` keeps certified wallets; `none` filters nothing.
 */
export function listWallets(registry: WalletRegistry, query: WalletsQuery): WalletListAnswer {
  const { include, exclude, search, badge_type, chains } = query
  const matching = registry.wallets.filter(
    (wallet: ExplorerWallet) =>
      (!include?.length || matchesWallet(wallet, include)) &&
      !(exclude?.length && matchesWallet(wallet, exclude)) &&
      (!search || wallet.name.toLowerCase().includes(search)) &&
      (badge_type !== 'certified' || wallet.badge_type === 'certified') &&
      supportsChains(wallet, chains ?? []),
  )
  const start = (query.page - 1) * query.entries
  return { data: matching.slice(start, start + query.entries), count: matching.length }
}
