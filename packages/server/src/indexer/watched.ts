import { type Kysely, sql } from 'kysely'
import type { Tables } from '../db/tables.ts'
import type { WatchReason } from './tables.ts'

export interface WatchRequest {
  chainId: number
  address: string
  reason: WatchReason
  projectId: string | null
  /** When the watch lapses unless asked again; null never. */
  expiresAt: Date | null
  /** A project may start watching at most this many accounts; its requests beyond still get answers. */
  maxPerProject: number
  /** The backfill reads nothing below this block. */
  floor: number
}

/**
 * Watches an account from now on and queues its backfill, or renews the watch; answers false when
 * the project has reached its cap and the account was not watched yet. A lapsed watch is started
 * afresh: the head stopped following it, so its backfill must run again to close the gap.
 */
export async function watchAddress(db: Kysely<Tables>, request: WatchRequest): Promise<boolean> {
  const { chainId, address } = request
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('chain_watched_addresses')
      .select(sql<boolean>`expires_at is not null and expires_at < now()`.as('lapsed'))
      .where('chain_id', '=', chainId)
      .where('address', '=', address)
      .forUpdate()
      .executeTakeFirst()
    if (existing && !existing.lapsed) {
      // A watch without expiry (an embedded user) keeps none; a dapp's is pushed forward.
      await trx
        .updateTable('chain_watched_addresses')
        .set({
          last_asked_at: sql`now()`,
          expires_at: sql`case when expires_at is null then null else greatest(expires_at, ${request.expiresAt}) end`,
        })
        .where('chain_id', '=', chainId)
        .where('address', '=', address)
        .execute()
      return true
    }
    if (existing) await forget(trx, chainId, [address])
    if (request.projectId !== null) {
      const counted = await trx
        .selectFrom('chain_watched_addresses')
        .select(sql<string | number>`count(*)`.as('n'))
        .where('chain_id', '=', chainId)
        .where('project_id', '=', request.projectId)
        .executeTakeFirstOrThrow()
      if (Number(counted.n) >= request.maxPerProject) return false
    }
    await trx
      .insertInto('chain_watched_addresses')
      .values({
        chain_id: chainId,
        address,
        reason: request.reason,
        project_id: request.projectId,
        first_watched_block: sql`coalesce((select block_number from chain_cursors where chain_id = ${chainId}), 0)`,
        expires_at: request.expiresAt,
      })
      .execute()
    await trx
      .insertInto('chain_backfills')
      .values({
        chain_id: chainId,
        address,
        logs_next_block: request.floor,
        native_next_block: request.floor,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute()
    return true
  })
}

/** Stops following accounts and drops their backfills; what was indexed for them stays. */
async function forget(db: Kysely<Tables>, chainId: number, addresses: string[]): Promise<void> {
  if (addresses.length === 0) return
  await db
    .deleteFrom('chain_backfills')
    .where('chain_id', '=', chainId)
    .where('address', 'in', addresses)
    .execute()
  await db
    .deleteFrom('chain_watched_addresses')
    .where('chain_id', '=', chainId)
    .where('address', 'in', addresses)
    .execute()
}

/**
 * Brings the watch set up to date before the head reads a range: lapsed watches end, the demo
 * accounts are watched, and every embedded-wallet user and remembered smart account of any project
 * is watched (with its backfill queued), each kind in one statement.
 */
export async function refreshWatchSet(
  db: Kysely<Tables>,
  chainId: number,
  floor: number,
  demoAccounts: readonly string[],
): Promise<void> {
  const lapsed = await db
    .selectFrom('chain_watched_addresses')
    .select('address')
    .where('chain_id', '=', chainId)
    .where('expires_at', '<', sql<Date>`now()`)
    .execute()
  await forget(
    db,
    chainId,
    lapsed.map((row) => row.address),
  )
  for (const address of demoAccounts) {
    await watchAddress(db, {
      chainId,
      address: address.toLowerCase(),
      reason: 'demo',
      projectId: null,
      expiresAt: null,
      maxPerProject: Number.POSITIVE_INFINITY,
      floor,
    })
  }
  for (const [column, reason] of [
    ['address', 'embedded'],
    ['smart_account', 'smart_account'],
  ] as const) {
    await sql`
      with added as (
        insert into chain_watched_addresses (chain_id, address, reason, project_id, first_watched_block)
        select distinct on (lower(u.${sql.ref(column)})) ${chainId}, lower(u.${sql.ref(column)}), ${reason},
          null, coalesce((select block_number from chain_cursors where chain_id = ${chainId}), 0)
        from embedded_users u where u.${sql.ref(column)} is not null
        -- A dapp's watch of the same account becomes one that does not lapse.
        on conflict (chain_id, address) do update set expires_at = null, reason = excluded.reason
          where chain_watched_addresses.expires_at is not null
        returning address
      )
      insert into chain_backfills (chain_id, address, logs_next_block, native_next_block)
      select ${chainId}, address, ${floor}, ${floor} from added
      on conflict do nothing`.execute(db)
  }
}

/** Every account the head follows now, lower-case. */
export async function watchedAddresses(db: Kysely<Tables>, chainId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('chain_watched_addresses')
    .select('address')
    .where('chain_id', '=', chainId)
    .where((where) => where.or([where('expires_at', 'is', null), where('expires_at', '>', sql<Date>`now()`)]))
    .orderBy('address')
    .execute()
  return rows.map((row) => row.address)
}

/**
 * While no new block comes, marks the accounts watched since the head's last range as followed from
 * its stored tip: their backfills read through the tip and can finish now instead of at the next
 * block, and the head reads every block after the tip with them, as it reads the watch set afresh
 * for each range. Only the head, holding the chain's lock, calls this.
 */
export async function followFromTip(db: Kysely<Tables>, chainId: number, tip: number): Promise<void> {
  await db
    .updateTable('chain_watched_addresses')
    .set({ followed_from_block: tip })
    .where('chain_id', '=', chainId)
    .where('followed_from_block', 'is', null)
    .where((where) => where.or([where('expires_at', 'is', null), where('expires_at', '>', sql<Date>`now()`)]))
    .execute()
}
