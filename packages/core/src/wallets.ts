import { RECENT_WALLETS_MAX } from './constants.ts'

export interface RecentWallet {
  id: string
  rdns?: string | undefined
}

/** Newest first, each wallet once, and only the last RECENT_WALLETS_MAX. */
export function addRecentWallet(list: readonly RecentWallet[], wallet: RecentWallet): RecentWallet[] {
  return [wallet, ...list.filter((entry) => entry.id !== wallet.id)].slice(0, RECENT_WALLETS_MAX)
}

/**
 * A host excludes a wallet by its EIP-6963 rdns or by its display name; names differ in case
 * between the registry and what wallets announce, so they compare case-insensitively.
 */
export function isExcludedWallet(
  wallet: { id?: string | undefined; rdns?: string | undefined; name: string },
  excludeWalletIds: readonly string[],
): boolean {
  const name = wallet.name.toLowerCase()
  return excludeWalletIds.some(
    (excluded) =>
      (wallet.rdns !== undefined && excluded === wallet.rdns) ||
      (wallet.id !== undefined && excluded === wallet.id) ||
      excluded.toLowerCase() === name,
  )
}

/**
 * The generic "Browser Wallet" connector duplicates the announced wallets on desktop. On mobile it
 * is the in-app browser's wallet, worth showing only when it names itself or is really there.
 */
export function showGenericBrowserWallet({
  isMobile,
  rdns,
  installed,
}: {
  isMobile: boolean
  rdns?: string | undefined
  installed: boolean
}): boolean {
  return isMobile && (Boolean(rdns) || installed)
}
