import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { Tables } from '../db/tables.ts'

/** How long a dashboard login lasts. */
export const SESSION_HOURS = 12
export const SESSION_COOKIE = 'portico_dashboard'

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/

/**
 * Sessions are random tokens in the cookie and keyed hashes in the database (as the wallet's
 * sessions are): a copy of the database opens no dashboard, and logging out deletes the row, so a
 * copied cookie dies with it — which a cookie that is only signed could not. The key comes from
 * HASH_SECRET and the password together, so changing DASHBOARD_PASSWORD also ends every session.
 */
export function sessionHasher(hashSecret: Buffer, password: string): (token: string) => string {
  const salt = createHash('sha256').update(password).digest()
  const key = Buffer.from(hkdfSync('sha256', hashSecret, salt, 'portico dashboard sessions', 32))
  return (token) => createHmac('sha256', key).update(token).digest('hex')
}

export async function createSession(db: Kysely<Tables>, hash: (token: string) => string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  // A login is the moment to forget the sessions nobody can use any more.
  await db.deleteFrom('dashboard_sessions').where('expires_at', '<', sql<Date>`now()`).execute()
  await db
    .insertInto('dashboard_sessions')
    .values({
      token_hash: hash(token),
      expires_at: sql<Date>`now() + make_interval(hours => ${SESSION_HOURS})`,
    })
    .execute()
  return token
}

export async function isLiveSession(
  db: Kysely<Tables>,
  hash: (token: string) => string,
  token: string | undefined,
): Promise<boolean> {
  if (!token || !TOKEN_FORMAT.test(token)) return false
  const row = await db
    .selectFrom('dashboard_sessions')
    .select('token_hash')
    .where('token_hash', '=', hash(token))
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst()
  return row !== undefined
}

export async function endSession(
  db: Kysely<Tables>,
  hash: (token: string) => string,
  token: string | undefined,
): Promise<void> {
  if (!token || !TOKEN_FORMAT.test(token)) return
  await db.deleteFrom('dashboard_sessions').where('token_hash', '=', hash(token)).execute()
}
