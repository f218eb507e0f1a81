import { type Kysely, type Selectable, sql } from 'kysely'
import type { Tables } from '../db/tables.ts'
import type { UserRow } from './accounts.ts'
import type { RecoveryKind } from './tables.ts'

/**
 * How long after its login (or its code) a session may take the recovery share, or a legacy key, and
 * only once: a session that waited longer, or took it once already, gets neither.
 */
const RECOVERY_WINDOW_MINUTES = 10

/** `none`: no key yet; `legacy`: a whole sealed key from before key shares; `shares`: split. */
export type KeyState = 'none' | 'legacy' | 'shares'

/** A user's row of `embedded_key_shares`, as the key routes read it. */
export type StoredShares = Omit<Selectable<Tables['embedded_key_shares']>, 'user_id' | 'created_at'>

export function storedShares(db: Kysely<Tables>, userId: string): Promise<StoredShares | undefined> {
  return db
    .selectFrom('embedded_key_shares')
    .select([
      'server_share',
      'recovery_share',
      'recovery_kind',
      'passkey_credential_id',
      'passkey_salt',
      'resplit_at',
      'earlier_shares',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** Who can recover the user's wallet (null while the key is not split: a new or a legacy user). */
export async function recoveryOf(
  db: Kysely<Tables>,
  userId: string,
): Promise<{ recovery: RecoveryKind | null; rotationAdvised: boolean }> {
  const row = await db
    .selectFrom('embedded_key_shares')
    .select(['recovery_kind', 'earlier_shares'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return { recovery: row?.recovery_kind ?? null, rotationAdvised: row ? rotationAdvised(row) : false }
}

/**
 * Whether shares that others could have kept still open this key: an operator recovery share (now,
 * or replaced by a re-split but still in the WAL and backups), or a legacy whole key.
 */
export const rotationAdvised = (shares: Pick<StoredShares, 'recovery_kind' | 'earlier_shares'>): boolean =>
  shares.recovery_kind === 'operator' || shares.earlier_shares

export function keyState(user: UserRow, shares: StoredShares | undefined): KeyState {
  if (shares) return 'shares'
  return user.encrypted_key === null ? 'none' : 'legacy'
}

/**
 * When a session may take the recovery share, or a legacy key, once: a passkey's share opens only
 * with the passkey, so a fresh login is enough; an operator share (and a legacy key) is the key's
 * second share for whoever holds the first, so it needs a mailed code this device redeemed (at login,
 * or in the secure frame since) — never a login by link, social provider or Farcaster alone.
 */
const mayTake = (kind: RecoveryKind) =>
  kind === 'passkey'
    ? sql<boolean>`recovery_released_at is null
        and created_at > now() - make_interval(mins => ${RECOVERY_WINDOW_MINUTES})`
    : sql<boolean>`recovery_released_at is null
        and code_verified_at > now() - make_interval(mins => ${RECOVERY_WINDOW_MINUTES})`

/** Whether this session may still take the recovery share (or a legacy key) of this kind. */
export async function recoveryAvailable(
  db: Kysely<Tables>,
  tokenHash: string,
  kind: RecoveryKind,
): Promise<boolean> {
  const row = await db
    .selectFrom('embedded_sessions')
    .select(mayTake(kind).as('available'))
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  return row?.available === true
}

/** Spends the session's one release; false when it was spent, or the session may not take it. */
export async function takeRecoveryRelease(
  db: Kysely<Tables>,
  tokenHash: string,
  kind: RecoveryKind,
): Promise<boolean> {
  const result = await db
    .updateTable('embedded_sessions')
    .set({ recovery_released_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where(mayTake(kind))
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
}

/** Whether this session has yet to take its release: a code redeemed now would let it. */
export async function releaseUnspent(db: Kysely<Tables>, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('embedded_sessions')
    .select('recovery_released_at')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  return row !== undefined && row.recovery_released_at === null
}

/** Records that this session's device redeemed a mailed code just now. */
export async function markCodeVerified(db: Kysely<Tables>, tokenHash: string): Promise<void> {
  await db
    .updateTable('embedded_sessions')
    .set({ code_verified_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .execute()
}

export interface NewShares {
  userId: string
  /** Checksummed; the frame proved it holds this address's key. */
  address: string
  /** Both sealed already (keys.ts). */
  serverShare: string
  recoveryShare: string
  recoveryKind: RecoveryKind
  /** The passkey that seals a `passkey` recovery share (for a new device to ask for). */
  passkey?: { credentialId: string; salt: string } | undefined
  /** The session that sets the key up: it has just written the device share, so it never needs recovery. */
  sessionTokenHash: string
}

/**
 * Stores a user's shares: a new user's address is set, a legacy user's whole key deleted, in the
 * same transaction, so no moment leaves both or neither. The conditional update of the user's row
 * is what lets only one of two concurrent setups through; false for the other.
 */
export function storeShares(
  db: Kysely<Tables>,
  from: 'none' | 'legacy',
  shares: NewShares,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const user = trx.updateTable('embedded_users').where('id', '=', shares.userId)
    const updated =
      from === 'none'
        ? await user
            .set({ address: shares.address })
            .where('address', 'is', null)
            .where('encrypted_key', 'is', null)
            .executeTakeFirst()
        : await user.set({ encrypted_key: null }).where('encrypted_key', 'is not', null).executeTakeFirst()
    if (updated.numUpdatedRows !== 1n) return false
    await trx
      .insertInto('embedded_key_shares')
      .values({
        user_id: shares.userId,
        server_share: shares.serverShare,
        recovery_share: shares.recoveryShare,
        recovery_kind: shares.recoveryKind,
        passkey_credential_id: shares.passkey?.credentialId ?? null,
        passkey_salt: shares.passkey?.salt ?? null,
        // A legacy whole key lives on in backups: it opens this key until it is rotated.
        earlier_shares: from === 'legacy',
      })
      .execute()
    // A token taken from this session could otherwise fetch the recovery share next to the server
    // share: two shares, the key. A device that later loses its share logs in again.
    await trx
      .updateTable('embedded_sessions')
      .set({ recovery_released_at: sql<Date>`now()` })
      .where('token_hash', '=', shares.sessionTokenHash)
      .where('recovery_released_at', 'is', null)
      .execute()
    return true
  })
}

export interface PasskeyResplit {
  userId: string
  /** Both sealed already (keys.ts); the recovery share was sealed under the passkey first. */
  serverShare: string
  recoveryShare: string
  credentialId: string
  salt: string
  issuedAt: Date
  /** The `resplit_at` the caller checked `issuedAt` against. */
  previous: Date | null
}

/**
 * Replaces a user's server and recovery shares with those of a re-split for a passkey. Only if no
 * other re-split was stored since `previous` was read: of two at once, one wins and false tells
 * the other its proof is out of date.
 */
export async function storePasskeyResplit(db: Kysely<Tables>, resplit: PasskeyResplit): Promise<boolean> {
  const result = await db
    .updateTable('embedded_key_shares')
    .set({
      server_share: resplit.serverShare,
      recovery_share: resplit.recoveryShare,
      recovery_kind: 'passkey',
      passkey_credential_id: resplit.credentialId,
      passkey_salt: resplit.salt,
      resplit_at: resplit.issuedAt,
      // The replaced shares (in the WAL and backups) still combine into this key.
      earlier_shares: true,
    })
    .where('user_id', '=', resplit.userId)
    .where('resplit_at', resplit.previous ? '=' : 'is', resplit.previous)
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
}

/**
 * Rewrites the pages that held what a re-split or a legacy migration replaced. PGlite (small, never
 * vacuumed by itself) gets `VACUUM FULL`: a new file without the old row. Postgres gets a plain
 * `VACUUM`, which frees the row without locking out every signature while a large table is rewritten,
 * but may leave its bytes in free space until the page is reused. Either way the write-ahead log, its
 * archive and older backups still hold the replaced row: only a new key makes those worthless, as
 * docs/embedded-wallet.md tells operators.
 */
export async function vacuumReplaced(
  db: Kysely<Tables>,
  kind: 'pglite' | 'postgres',
  table: 'embedded_key_shares' | 'embedded_users' | 'embedded_key_rotations',
): Promise<void> {
  await (kind === 'pglite' ? sql`vacuum full ${sql.table(table)}` : sql`vacuum ${sql.table(table)}`).execute(
    db,
  )
}
