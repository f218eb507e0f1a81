import { type Kysely, sql } from 'kysely'
import type { Tables } from '../db/tables.ts'
import type { AnalyticsEvent } from './event.ts'

/** Stores an event once: the same eventId sent again (a retry) changes nothing. */
export async function recordEvent(
  db: Kysely<Tables>,
  projectId: string,
  event: AnalyticsEvent,
): Promise<void> {
  const { props } = event
  await db
    .insertInto('analytics_events')
    .values({
      event_id: event.eventId,
      project_id: projectId,
      kind: props.type,
      event: props.event,
      url: event.url,
      domain: event.domain,
      occurred_at: new Date(event.timestamp),
      error_type: props.errorType ?? null,
      error_message: props.errorMessage ?? null,
      stack_trace: props.stackTrace ?? null,
      properties: props.properties ? JSON.stringify(props.properties) : null,
    })
    .onConflict((conflict) => conflict.column('event_id').doNothing())
    .execute()
}

export interface EventSlot {
  allowed: boolean
  /** Seconds until the caller's window ends and it may send again. */
  retryAfterSeconds: number
}

/**
 * Counts one request against its project and IP in a window that starts with the first request.
 * A single upsert, so instances sharing the database count together and never lose an increment.
 */
export async function claimEventSlot(
  db: Kysely<Tables>,
  projectId: string,
  ip: string,
  limit: { maxEvents: number; windowMs: number },
): Promise<EventSlot> {
  const window = sql`make_interval(secs => ${limit.windowMs / 1000})`
  const result = await sql<{ events: number; retry_after: number }>`
    insert into analytics_rate_limits as limits (project_id, ip, window_started_at, events)
    values (${projectId}, ${ip}, now(), 1)
    on conflict (project_id, ip) do update set
      events = case when limits.window_started_at > now() - ${window} then limits.events + 1 else 1 end,
      window_started_at = case
        when limits.window_started_at > now() - ${window} then limits.window_started_at else now() end
    returning events, ceil(extract(epoch from window_started_at + ${window} - now()))::int as retry_after`.execute(
    db,
  )
  const row = result.rows[0]
  const events = row?.events ?? 1
  // A new window is the moment to drop the counters of callers who have gone quiet.
  if (events === 1) {
    await db
      .deleteFrom('analytics_rate_limits')
      .where('window_started_at', '<', sql<Date>`now() - ${window}`)
      .execute()
  }
  return { allowed: events <= limit.maxEvents, retryAfterSeconds: Math.max(1, row?.retry_after ?? 1) }
}
