import type { Kysely } from 'kysely'

/**
 * Telegram login. The Login Widget's answer carries no state of ours to spend: its `hash` is kept
 * (as a keyed hash) until the answer is too old to be accepted anyway, so an answer logs in once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('embedded_telegram_answers')
    .addColumn('hash_key', 'text', (column) => column.primaryKey())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .execute()
}
