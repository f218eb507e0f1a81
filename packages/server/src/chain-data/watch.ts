import type { Database } from '../db/database.ts'
import { watchAddress } from '../indexer/watched.ts'

export interface WatchSettings {
  chainId: number
  maxPerProject: number
  expireDays: number
  /** The backfill's floor (`START_BLOCK`). */
  floor: number
}

/**
 * How long a watch renewed by a request is not renewed again by this instance: an hour, or a tenth
 * of the expiry when that is shorter, so a watch never lapses while this instance thinks it renewed it.
 */
const RENEW_AFTER_MS = 60 * 60 * 1000
const REMEMBERED_LIMIT = 50_000

/**
 * Starts watching the accounts the routes are asked about. The first request of an account costs
 * one small transaction; later ones within the hour cost nothing, as this instance remembers the
 * answer (expiry is counted in days, so renewing hourly keeps it).
 */
export class AccountWatch {
  private readonly remembered = new Map<string, { at: number; watching: Promise<boolean> }>()

  constructor(
    private readonly database: Database,
    private readonly settings: WatchSettings,
  ) {}

  /** Whether the account is watched (false: the project reached its cap, or the database failed). */
  watch(address: string, projectId: string): Promise<boolean> {
    const key = `${projectId}:${address}`
    const now = Date.now()
    const known = this.remembered.get(key)
    const { chainId, maxPerProject, expireDays, floor } = this.settings
    const renewAfter = Math.min(RENEW_AFTER_MS, (expireDays * 86_400_000) / 10)
    if (known && now - known.at < renewAfter) return known.watching
    if (this.remembered.size >= REMEMBERED_LIMIT) this.remembered.clear()
    const asked = watchAddress(this.database.db, {
      chainId,
      address,
      reason: 'dapp',
      projectId,
      expiresAt: new Date(now + expireDays * 86_400_000),
      maxPerProject,
      floor,
    })
    // A failed watch is tried again by the next request; the answer itself is read regardless.
    const watching = asked.catch(() => {
      this.remembered.delete(key)
      return false
    })
    this.remembered.set(key, { at: now, watching })
    return watching
  }
}
