import type { Database } from '../db/database.ts'
import { hearChannel } from '../db/heard-channel.ts'
import type { StopListening } from '../db/notifications.ts'
import { ACTIVITY_CHANNEL, readAnnouncement } from '../indexer/announce.ts'
import type { Balance } from './answers.ts'

const ACCOUNTS_KEPT = 10_000

interface RecentBalances {
  /** `address`'s balances read within `ttlMs`, or `load`ed now (always with `fresh`). */
  read(address: string, fresh: boolean, load: () => Promise<Balance[]>): Promise<Balance[]>
  stop: StopListening
}

/**
 * Balances read from the chain, reused for `ttlMs`: a wallet page asks again every few seconds and
 * the node is spared the repeats, yet a transfer the indexer announces for the account (from this
 * instance or any other on the database) is never answered from memory, nor is anything while the
 * announcements are not being heard. A read still under way is shared by whoever asks meanwhile.
 */
export async function watchRecentBalances(
  listen: Database['listen'],
  chainId: number,
  ttlMs: number,
): Promise<RecentBalances> {
  // A Map iterates in insertion order, so the first entry is the one read longest ago.
  const entries = new Map<string, { at: number; balances: Promise<Balance[]> }>()
  const channel = await hearChannel(listen, ACTIVITY_CHANNEL, {
    onMessage(payload) {
      const announcement = readAnnouncement(payload)
      if (announcement && announcement.chainId !== chainId) return
      if (!announcement || announcement.addresses === 'all') entries.clear()
      else for (const address of announcement.addresses) entries.delete(address)
    },
    onReset: () => entries.clear(),
  })

  return {
    read(address, fresh, load) {
      const now = Date.now()
      const kept = channel.trusted && !fresh ? entries.get(address) : undefined
      if (kept && now - kept.at < ttlMs) return kept.balances
      const balances = load()
      if (channel.trusted && ttlMs > 0) {
        entries.delete(address)
        entries.set(address, { at: now, balances })
        if (entries.size > ACCOUNTS_KEPT) entries.delete(entries.keys().next().value as string)
      }
      balances.catch(() => {
        if (entries.get(address)?.balances === balances) entries.delete(address)
      })
      return balances
    },
    stop: channel.stop,
  }
}
