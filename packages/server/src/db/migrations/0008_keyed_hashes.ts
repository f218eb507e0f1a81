import { type Kysely, sql } from 'kysely'

/**
 * Codes, approval links and session tokens are now stored as HMACs under the server's hash secret;
 * the plain SHA-256 hashes stored before cannot be turned into those. What they stood for ends
 * here, visibly: live codes read as used, pending links as expired, sessions (e-mail login and
 * sign-in with wallet) as signed out, so everyone signs in once more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update embedded_otps set used_at = now() where used_at is null`.execute(db)
  await sql`update embedded_devices set approval_token_hash = null where approved_at is null`.execute(db)
  await sql`delete from embedded_sessions`.execute(db)
  await sql`update siwx_sessions set revoked_at = now() where revoked_at is null`.execute(db)
}
