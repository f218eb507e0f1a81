import { type Kysely, sql } from 'kysely'
import type { Tables } from '../db/tables.ts'

/** Login attempts one client IP may make in a window; a successful login clears its count. */
export const LOGIN_LIMIT = { maxAttempts: 5, windowMinutes: 15 } as const

/**
 * Counts one login attempt against its IP, before the password is even compared, so guesses past
 * the limit learn nothing. One upsert, so instances on the same database count together.
 */
export async function claimLoginAttempt(
  db: Kysely<Tables>,
  ip: string,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const window = sql`make_interval(mins => ${LOGIN_LIMIT.windowMinutes})`
  const result = await sql<{ attempts: number; retry_after: number }>`
    insert into dashboard_login_attempts as limits (ip, window_started_at, attempts)
    values (${ip}, now(), 1)
    on conflict (ip) do update set
      attempts = case when limits.window_started_at > now() - ${window} then limits.attempts + 1 else 1 end,
      window_started_at = case
        when limits.window_started_at > now() - ${window} then limits.window_started_at else now() end
    returning attempts, ceil(extract(epoch from window_started_at + ${window} - now()))::int as retry_after`.execute(
    db,
  )
  const row = result.rows[0]
  const attempts = row?.attempts ?? 1
  if (attempts === 1) {
    await db
      .deleteFrom('dashboard_login_attempts')
      .where('window_started_at', '<', sql<Date>`now() - ${window}`)
      .execute()
  }
  return {
    allowed: attempts <= LOGIN_LIMIT.maxAttempts,
    retryAfterSeconds: Math.max(1, row?.retry_after ?? 1),
  }
}

export async function clearLoginAttempts(db: Kysely<Tables>, ip: string): Promise<void> {
  await db.deleteFrom('dashboard_login_attempts').where('ip', '=', ip).execute()
}
