import { type Kysely, sql } from 'kysely'
import type { Tables } from '../db/tables.ts'
import { HttpError } from '../http/errors.ts'
import { NameText } from './rules.ts'

export interface NameRecord {
  label: string
  address: string
  coinType: number
  attributes: Record<string, string>
  primary: boolean
  registeredAt: Date
  updatedAt: Date
}

const COLUMNS = [
  'label',
  'address',
  'coin_type',
  'attributes',
  'is_primary',
  'registered_at',
  'updated_at',
] as const

type Row = {
  label: string
  address: string
  coin_type: string | number
  attributes: Record<string, string>
  is_primary: boolean
  registered_at: Date
  updated_at: Date
}

const toRecord = (row: Row): NameRecord => ({
  label: row.label,
  address: row.address,
  coinType: Number(row.coin_type),
  attributes: row.attributes,
  primary: row.is_primary,
  registeredAt: new Date(row.registered_at),
  updatedAt: new Date(row.updated_at),
})

export async function findName(db: Kysely<Tables>, label: string): Promise<NameRecord | undefined> {
  const row = await db
    .selectFrom('account_names')
    .select(COLUMNS)
    .where('label_key', '=', label.toLowerCase())
    .executeTakeFirst()
  return row ? toRecord(row) : undefined
}

/** The names of an address, its primary one first, then the newest. */
export async function namesOf(db: Kysely<Tables>, address: string): Promise<NameRecord[]> {
  const rows = await db
    .selectFrom('account_names')
    .select(COLUMNS)
    .where('address', '=', address.toLowerCase())
    .orderBy('is_primary', 'desc')
    .orderBy('registered_at', 'desc')
    .execute()
  return rows.map(toRecord)
}

/** Which of `labels` are registered already (lower-cased). */
export async function takenLabels(db: Kysely<Tables>, labels: string[]): Promise<Set<string>> {
  if (labels.length === 0) return new Set()
  const rows = await db
    .selectFrom('account_names')
    .select('label_key')
    .where(
      'label_key',
      'in',
      labels.map((label) => label.toLowerCase()),
    )
    .execute()
  return new Set(rows.map((row) => row.label_key))
}

/**
 * Gives `label` to `address` as its primary name, in one transaction: a name another address holds
 * is refused (409), the address's earlier primary name stays its own but is no longer primary, and
 * registering a name it already holds again updates its records. Nothing is half-written, and
 * registrations of one address run one after the other.
 */
export async function registerName(
  db: Kysely<Tables>,
  input: { label: string; address: string; coinType: number; attributes: Record<string, string> },
): Promise<NameRecord> {
  const address = input.address.toLowerCase()
  const key = input.label.toLowerCase()
  return db.transaction().execute(async (trx) => {
    // One registration of an address at a time: two at once would each find no primary name to
    // demote and both insert one, which the one-primary index refuses to the second.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`account_names:${address}`}, 0))`.execute(trx)
    const holder = await trx
      .selectFrom('account_names')
      .select('address')
      .where('label_key', '=', key)
      .forUpdate()
      .executeTakeFirst()
    if (holder && holder.address !== address) throw new HttpError(409, NameText.TAKEN)
    await trx
      .updateTable('account_names')
      .set({ is_primary: false })
      .where('address', '=', address)
      .where('coin_type', '=', String(input.coinType))
      .where('is_primary', '=', true)
      .execute()
    const attributes = JSON.stringify(input.attributes)
    const row = await trx
      .insertInto('account_names')
      .values({
        label_key: key,
        label: input.label,
        address,
        coin_type: String(input.coinType),
        attributes,
        is_primary: true,
      })
      // Two first registrations of one name at once: the second finds the row and is refused below.
      .onConflict((conflict) =>
        conflict
          .column('label_key')
          .doUpdateSet({ label: input.label, attributes, is_primary: true, updated_at: sql`now()` })
          .where('account_names.address', '=', address),
      )
      .returning(COLUMNS)
      .executeTakeFirst()
    if (!row) throw new HttpError(409, NameText.TAKEN)
    return toRecord(row)
  })
}

const WINDOW = sql`make_interval(secs => 3600)`
/** Registrations per client IP per hour, counted in the database so every instance agrees. */
const MAX_PER_HOUR = 20

export async function claimRegistrationSlot(db: Kysely<Tables>, ip: string): Promise<boolean> {
  const result = await sql<{ attempts: number }>`
    insert into account_name_rate_limits as limits (ip, window_started_at, attempts)
    values (${ip}, now(), 1)
    on conflict (ip) do update set
      attempts = case when limits.window_started_at > now() - ${WINDOW} then limits.attempts + 1 else 1 end,
      window_started_at = case
        when limits.window_started_at > now() - ${WINDOW} then limits.window_started_at else now() end
    returning attempts`.execute(db)
  return (result.rows[0]?.attempts ?? 1) <= MAX_PER_HOUR
}
