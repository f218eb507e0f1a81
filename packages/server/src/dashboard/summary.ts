import { AnalyticsEventName as E } from '@portico/core/shared'
import { type Kysely, sql } from 'kysely'
import type { Tables } from '../db/tables.ts'
import { MESSAGE_LIMIT, RECENT_ERRORS, type SummaryRows } from './shape.ts'

const COUNTED = [
  E.MODAL_OPEN,
  E.CONNECT_SUCCESS,
  E.CONNECT_ERROR,
  E.SIWX_AUTH_SUCCESS,
  E.SIWX_AUTH_ERROR,
  E.SEND_SUCCESS,
  E.SEND_ERROR,
]

// The database's UTC day of arrival: one clock for every visitor (range.ts).
const day = sql<string>`to_char(received_at at time zone 'UTC', 'YYYY-MM-DD')`
const count = sql<number>`count(*)::int`

/**
 * Every number on the dashboard for one project and range, counted by the database (GROUP BY and
 * FILTER, which PGlite and Postgres both run) so no event row travels to the services. The range
 * is on `received_at`, which the (project_id, received_at) index of migration 0006 serves.
 */
export async function readSummaryRows(
  db: Kysely<Tables>,
  projectId: string,
  range: { start: Date; end: Date },
): Promise<SummaryRows> {
  const events = db
    .selectFrom('analytics_events')
    .where('project_id', '=', projectId)
    .where('received_at', '>=', range.start)
    .where('received_at', '<', range.end)
  const connectsBy = (property: 'method' | 'name') => {
    // A literal, not a parameter: GROUP BY must repeat the selected expression exactly, and two
    // parameters ($1, $2) are two expressions to Postgres.
    const key = sql<string>`coalesce(properties->>${sql.lit(property)}, 'unknown')`
    return events
      .where('event', '=', E.CONNECT_SUCCESS)
      .select([day.as('day'), key.as('key'), count.as('n')])
      .groupBy([day, key])
      .execute()
  }
  const [counts, byMethod, byWallet, funnel, errorTypes, recentErrors] = await Promise.all([
    events
      .where('event', 'in', COUNTED)
      .select([day.as('day'), 'event as key', count.as('n')])
      .groupBy([day, 'event'])
      .execute(),
    connectsBy('method'),
    connectsBy('name'),
    // The funnel starts where a connection can: the modal opened with no account connected.
    events
      .select([
        sql<number>`(count(*) filter (where event = ${E.MODAL_OPEN} and coalesce(properties->>'connected', 'false') = 'false'))::int`.as(
          'opened',
        ),
        sql<number>`(count(*) filter (where event = ${E.SELECT_WALLET}))::int`.as('chose'),
        sql<number>`(count(*) filter (where event = ${E.CONNECT_SUCCESS}))::int`.as('connected'),
      ])
      .executeTakeFirstOrThrow(),
    events
      .where('kind', '=', 'error')
      .select(['event', sql<string>`coalesce(error_type, 'unknown')`.as('errorType'), count.as('n')])
      .groupBy(['event', sql`coalesce(error_type, 'unknown')`])
      .orderBy('n', 'desc')
      .orderBy('event')
      .execute(),
    events
      .where('kind', '=', 'error')
      .select([
        'received_at as at',
        'event',
        sql<string>`coalesce(error_type, 'unknown')`.as('errorType'),
        sql<string>`left(coalesce(error_message, ''), ${MESSAGE_LIMIT})`.as('message'),
      ])
      .orderBy('received_at', 'desc')
      .limit(RECENT_ERRORS)
      .execute(),
  ])
  return { events: counts, byMethod, byWallet, funnel, errorTypes, recentErrors }
}

/** The projects the filter offers, by name. */
export function projectChoices(db: Kysely<Tables>): Promise<{ id: string; name: string }[]> {
  return db.selectFrom('projects').select(['id', 'name']).orderBy('name').orderBy('id').execute()
}
