import { type Kysely, sql } from 'kysely'

/**
 * Key rotation. Shares a user once had (an operator recovery share, or the shares a re-split
 * replaced, still in the WAL and backups) keep combining into their key; only a new key makes them
 * worthless. `earlier_shares` marks a key that had such shares (every re-split so far, and from now
 * on a re-split from operator recovery or a resharing of a legacy key). A rotation waits in
 * `embedded_key_rotations` — the new key's shares, split passkey-first — until the chain shows the
 * smart account owned by the new key, or the frame has moved an EOA's assets. A smart account keeps
 * its address after its owner changed, so `embedded_users.smart_account` remembers it: the factory
 * derives it from the first owner only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('embedded_key_shares')
    .addColumn('earlier_shares', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute()
  await sql`update embedded_key_shares set earlier_shares = true where resplit_at is not null`.execute(db)
  await db.schema.alterTable('embedded_users').addColumn('smart_account', 'text').execute()

  await db.schema
    .createTable('embedded_key_rotations')
    .addColumn('user_id', 'text', (column) =>
      column.primaryKey().references('embedded_users.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('smartAccount', 'eoa')`))
    /** The key the rotation replaces: the rotation is void once the user's key is another. */
    .addColumn('old_address', 'text', (column) => column.notNull())
    .addColumn('new_address', 'text', (column) => column.notNull())
    /** For `smartAccount`: the account whose owner becomes `new_address`. */
    .addColumn('account', 'text')
    .addColumn('server_share', 'text', (column) => column.notNull())
    .addColumn('recovery_share', 'text', (column) => column.notNull())
    .addColumn('passkey_credential_id', 'text', (column) => column.notNull())
    .addColumn('passkey_salt', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
}
