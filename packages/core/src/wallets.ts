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
 * A host names wallets (to exclude, include or feature them, behaviour §5) by their id, their
 * EIP-6963 rdns or their display name; names differ in case between the registry and what wallets
 * announce, so they compare case-insensitively.
 */
export function matchesWallet(
  wallet: { id?: string | undefined; rdns?: string | null | undefined; name: string },
  refs: readonly string[],
): boolean {
  const name = wallet.name.toLowerCase()
  return refs.some(
    (ref) =>
      (typeof wallet.rdns === 'string' && ref === wallet.rdns) ||
      (wallet.id !== undefined && ref === wallet.id) ||
      ref.toLowerCase() === name,
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
