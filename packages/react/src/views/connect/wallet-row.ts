import type { ExplorerWallet } from '@portico/core/shared'

/** One row of Connect's wallet groups: an installed connector or a wallet of the services' list. */
export interface WalletRow {
  key: string
  name: string
  icon: string | undefined
  select(): void
  /** A wallet of the services' list: on a phone its row opens the wallet's app (DeepLinkRow). */
  wallet?: ExplorerWallet
}
