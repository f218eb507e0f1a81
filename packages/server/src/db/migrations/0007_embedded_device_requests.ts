import type { Kysely } from 'kysely'

/**
 * What the approval link shows about the login that asked for it (which app, from which page,
 * which browser and address), so its owner can tell their own login from someone else's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('embedded_devices')
    .addColumn('request_project', 'text')
    .addColumn('request_origin', 'text')
    .addColumn('request_device', 'text')
    .addColumn('request_ip', 'text')
    .execute()
}
