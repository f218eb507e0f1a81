import type { Kysely } from 'kysely'

/**
 * Operator recovery releases its share only to a session whose device redeemed a mailed code (at
 * login, or in the secure frame afterwards): `code_verified_at` says when. Device approval by a
 * mailed link is gone — a code typed on the device both approves it and logs in — so the link's
 * columns go too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('embedded_sessions').addColumn('code_verified_at', 'timestamptz').execute()
  await db.schema
    .alterTable('embedded_devices')
    .dropColumn('approval_token_hash')
    .dropColumn('request_project')
    .dropColumn('request_origin')
    .dropColumn('request_device')
    .dropColumn('request_ip')
    .execute()
}
