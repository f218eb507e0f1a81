import { type Kysely, sql } from 'kysely'
import type { Tables } from '../db/tables.ts'

/** How long stored analytics events are kept unless the operator says otherwise. */
export const DEFAULT_RETENTION_DAYS = 90
const PRUNE_EVERY_MS = 60 * 60 * 1000

/** Deletes the events received more than `days` ago; answers how many went. */
export async function pruneEvents(db: Kysely<Tables>, days: number): Promise<number> {
  const result = await db
    .deleteFrom('analytics_events')
    .where('received_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * Prunes at start and then hourly, so the events table holds a bounded window whatever the
 * traffic. Every instance may do it: deleting what another already deleted is no harm.
 */
export function keepEventsFor(db: Kysely<Tables>, days: number, log: (line: string) => void): () => void {
  const prune = () => {
    pruneEvents(db, days).catch((error: unknown) =>
      log(`analytics: pruning events failed: ${error instanceof Error ? error.message : String(error)}`),
    )
  }
  prune()
  const timer = setInterval(prune, PRUNE_EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
