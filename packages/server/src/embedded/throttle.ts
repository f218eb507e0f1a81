import { EMAIL_LOGIN_COOLDOWN_MS, tryAgainAfter } from '@portico/core/shared'
import { type Kysely, sql } from 'kysely'
import type { Tables } from '../db/tables.ts'
import { HttpError } from '../http/errors.ts'

/**
 * How many login e-mails one address, and one client IP, may cause per hour; social login starts
 * as many logins per IP (social/attempts.ts).
 */
export const MAIL_LIMITS = { perAddressPerHour: 10, perIpPerHour: 30 } as const

const TOO_MANY_EMAILS = 'Too many e-mails were requested. Please try again later.'

/**
 * The allowed-to-trigger check before any login e-mail (behaviour §5): the hourly per-address and per-IP
 * limits, then the 30 s resend cooldown. Everything is decided by the database's clock and rows,
 * so every server instance on it agrees.
 */
export async function claimMailSlot(db: Kysely<Tables>, email: string, ip: string): Promise<void> {
  const counts = await sql<{ by_email: number; by_ip: number }>`
    select
      count(*) filter (where email = ${email})::int as by_email,
      count(*) filter (where ip = ${ip})::int as by_ip
    from embedded_mail_log
    where sent_at > now() - interval '1 hour' and (email = ${email} or ip = ${ip})`.execute(db)
  const row = counts.rows[0]
  if (row && (row.by_email >= MAIL_LIMITS.perAddressPerHour || row.by_ip >= MAIL_LIMITS.perIpPerHour)) {
    throw new HttpError(429, TOO_MANY_EMAILS)
  }
  const cooldownSeconds = EMAIL_LOGIN_COOLDOWN_MS / 1000
  // One conditional upsert: of two instances racing for the same address, only one gets a row back.
  const claimed = await sql<{ email: string }>`
    insert into embedded_mail_cooldowns (email, last_sent_at) values (${email}, now())
    on conflict (email) do update set last_sent_at = excluded.last_sent_at
    where embedded_mail_cooldowns.last_sent_at <= now() - make_interval(secs => ${cooldownSeconds})
    returning email`.execute(db)
  if (claimed.rows.length === 0) {
    const left = await sql<{ seconds: number }>`
      select extract(epoch from (last_sent_at + make_interval(secs => ${cooldownSeconds}) - now()))::float8 as seconds
      from embedded_mail_cooldowns where email = ${email}`.execute(db)
    throw new HttpError(
      429,
      tryAgainAfter(Math.max(1, left.rows[0]?.seconds ?? cooldownSeconds)),
      'EMAIL_COOLDOWN',
    )
  }
  await db.insertInto('embedded_mail_log').values({ email, ip }).execute()
}

/**
 * How many login polls (social login's outcome) one device, and one client IP, may start per minute.
 * A poll is held for up to 15 s, so this also bounds how many one caller keeps open; the frame asks
 * again only after each answer, about four times a minute.
 */
export const POLL_LIMITS = { perDevicePerMinute: 10, perIpPerMinute: 60 } as const

const tooManyPolls = (seconds: number) => `Too many login checks. ${tryAgainAfter(seconds)}`

/**
 * Counts one poll against its IP and its device, each in a one-minute window that starts with its
 * first poll. One upsert for both counters, so instances sharing the database count together.
 */
export async function claimPollSlot(db: Kysely<Tables>, ip: string, deviceId: string): Promise<void> {
  const window = sql`interval '1 minute'`
  const counted = await sql<{ key: string; polls: number; retry_after: number }>`
    insert into embedded_poll_limits as limits (key, window_started_at, polls)
    values (${`ip:${ip}`}, now(), 1), (${`device:${deviceId}`}, now(), 1)
    on conflict (key) do update set
      polls = case when limits.window_started_at > now() - ${window} then limits.polls + 1 else 1 end,
      window_started_at = case
        when limits.window_started_at > now() - ${window} then limits.window_started_at else now() end
    returning key, polls,
      ceil(extract(epoch from window_started_at + ${window} - now()))::int as retry_after`.execute(db)
  // A new window is the moment to drop the counters of callers who have gone quiet.
  if (counted.rows.some((row) => row.polls === 1)) {
    await db
      .deleteFrom('embedded_poll_limits')
      .where('window_started_at', '<', sql<Date>`now() - ${window}`)
      .execute()
  }
  const over = counted.rows.filter((row) =>
    row.key.startsWith('ip:')
      ? row.polls > POLL_LIMITS.perIpPerMinute
      : row.polls > POLL_LIMITS.perDevicePerMinute,
  )
  if (over.length > 0)
    throw new HttpError(429, tooManyPolls(Math.max(1, ...over.map((row) => row.retry_after))))
}
