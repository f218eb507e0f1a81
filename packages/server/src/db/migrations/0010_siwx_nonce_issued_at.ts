import { type Kysely, sql } from 'kysely'

/**
 * When each nonce was handed out: a message's Issued At may not be older than its nonce. Nonces
 * already out get the moment this ran; they are minutes from expiring anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('siwx_nonces')
    .addColumn('issued_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
}
