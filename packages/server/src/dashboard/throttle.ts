import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Tables } from '../db/tables.ts'

/**
 * How wrong passwords slow a client down — a client being one IP and one browser (its cookie), so
 * that someone else guessing from the same IP (everyone behind a proxy shares one) never holds
 * the operator's own browser back. A slow-down rather than a lock-out: past the free failures each
 * attempt waits a growing few seconds, which makes guessing a 16-character password hopeless
 * without ever refusing the right one for long.
 */
export const LOGIN_SLOWDOWN = {
  /** Wrong passwords a client may send with no wait. */
  freeFailures: 3,
  /** The wait after the next one, doubled with each further failure, up to `maxDelayMs`. */
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
} as const

export type LoginSlowdown = Record<keyof typeof LOGIN_SLOWDOWN, number>

/** Who is trying: the client IP and the browser's random id ('' for a client that sent none). */
export interface LoginClient {
  ip: string
  browser: string
}

/**
 * Takes the client's turn to try a password, before it is compared, so guesses sent at once are
 * taken one after the other and guesses past the limit learn nothing. Past the free failures the
 * turn is given only once the last wait is over, and pushes the next turn back by the wait its
 * failure would earn — in one row update, so every instance on the database agrees.
 */
export async function claimLoginAttempt(
  db: Kysely<Tables>,
  client: LoginClient,
  settings: LoginSlowdown = LOGIN_SLOWDOWN,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  await db
    .insertInto('dashboard_login_failures')
    .values({ ...client, failures: 0, blocked_until: sql<Date>`now()` })
    .onConflict((conflict) => conflict.columns(['ip', 'browser']).doNothing())
    .execute()
  const claimed = await sql`
    update dashboard_login_failures
    set blocked_until = now() + ${waitAfter(sql`failures`, settings)}
    where ip = ${client.ip} and browser = ${client.browser} and blocked_until <= now()
    returning failures`.execute(db)
  if (claimed.rows.length > 0) return { allowed: true }
  const row = await db
    .selectFrom('dashboard_login_failures')
    .select(sql<number>`ceil(extract(epoch from blocked_until - now()))::int`.as('wait'))
    .where('ip', '=', client.ip)
    .where('browser', '=', client.browser)
    .executeTakeFirst()
  return { allowed: false, retryAfterSeconds: Math.max(1, row?.wait ?? 1) }
}

/** A wrong password: one more failure, and the wait it earns before the client's next attempt. */
export async function recordLoginFailure(
  db: Kysely<Tables>,
  client: LoginClient,
  settings: LoginSlowdown = LOGIN_SLOWDOWN,
): Promise<void> {
  await sql`
    update dashboard_login_failures
    set failures = failures + 1, blocked_until = now() + ${waitAfter(sql`failures + 1`, settings)}
    where ip = ${client.ip} and browser = ${client.browser}`.execute(db)
  // Clients that stopped trying long ago are forgotten.
  await db
    .deleteFrom('dashboard_login_failures')
    .where('blocked_until', '<', sql<Date>`now() - make_interval(days => 1)`)
    .execute()
}

export async function clearLoginFailures(db: Kysely<Tables>, client: LoginClient): Promise<void> {
  await db
    .deleteFrom('dashboard_login_failures')
    .where('ip', '=', client.ip)
    .where('browser', '=', client.browser)
    .execute()
}

/** The wait a client with `failures` wrong passwords has before its next attempt, as an interval. */
function waitAfter(failures: RawBuilder<unknown>, settings: LoginSlowdown): RawBuilder<unknown> {
  const { freeFailures, baseDelayMs, maxDelayMs } = settings
  return sql`make_interval(secs => case when ${failures} >= ${freeFailures}
    then least(${baseDelayMs}::float8 * power(2, ${failures} - ${freeFailures}), ${maxDelayMs}::float8) / 1000
    else 0 end)`
}
