import type { Kysely } from 'kysely'

/**
 * Logins bound to the browser that made them. A Sign In With Farcaster channel the secure frame
 * opens records the frame's device, and only that device (of that project) may log in with it; a
 * channel a page opened has none and never logs into the embedded wallet. A social login attempt
 * keeps the keyed hash of the random value its `go` page put in a cookie, and the provider's answer
 * is taken only from the browser that holds it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('farcaster_channels').addColumn('device_id', 'text').execute()
  await db.schema.alterTable('embedded_social_attempts').addColumn('browser_hash', 'text').execute()
}
