import { type Kysely, sql } from 'kysely'

/**
 * Keys are split 2-of-3 in the secure frame: the services keep the server share (sealed
 * under MASTER_KEY) and the recovery share (sealed under RECOVERY_KEY), never the key. A user
 * created from now on has no address and no key until the frame sets them up; a non-null
 * `encrypted_key` marks a user from before, whose whole key is deleted when it is reshared.
 * `recovery_released_at` lets a session take the recovery share (or a legacy key) once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('embedded_users')
    .alterColumn('address', (column) => column.dropNotNull())
    .alterColumn('encrypted_key', (column) => column.dropNotNull())
    .execute()

  await db.schema
    .createTable('embedded_key_shares')
    .addColumn('user_id', 'text', (column) =>
      column.primaryKey().references('embedded_users.id').onDelete('cascade'),
    )
    .addColumn('server_share', 'text', (column) => column.notNull())
    .addColumn('recovery_share', 'text', (column) => column.notNull())
    .addColumn('recovery_kind', 'text', (column) =>
      column.notNull().check(sql`recovery_kind in ('operator', 'passkey')`),
    )
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema.alterTable('embedded_sessions').addColumn('recovery_released_at', 'timestamptz').execute()
}
