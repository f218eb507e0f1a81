/**
 * Which registry wallet is already installed in this browser. A module of its own because the
 * first download needs it (the explorer store's pick) and nothing else of the Connect rows.
 */
import type { ExplorerWallet } from './wallet.ts'

/** An installed browser wallet, as the Connect view knows it. */
export interface InstalledWallet {
  id: string
  rdns: string | undefined
}

/** The installed connector that is this registry wallet, matched by rdns. */
export function installedConnector(
  wallet: Pick<ExplorerWallet, 'rdns'>,
  installed: readonly InstalledWallet[],
): InstalledWallet | undefined {
  return wallet.rdns ? installed.find((connector) => connector.rdns === wallet.rdns) : undefined
}
