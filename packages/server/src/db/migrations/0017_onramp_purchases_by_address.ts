import type { Kysely } from 'kysely'

/** Activity lists an address's purchases, newest first, about once a second while it is open. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('onramp_purchases_by_address')
    .on('onramp_purchases')
    .columns(['project_id', 'address', 'created_at desc'])
    .execute()
}
