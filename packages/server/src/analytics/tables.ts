import type { Generated, JSONColumnType } from 'kysely'

/** Row types of migration 0006_analytics. */
export interface AnalyticsTables {
  analytics_events: AnalyticsEventsTable
  analytics_rate_limits: { project_id: string; ip: string; window_started_at: Date; events: number }
}

interface AnalyticsEventsTable {
  event_id: string
  project_id: string
  /** `track` or `error`. */
  kind: string
  event: string
  url: string
  domain: string
  occurred_at: Date
  received_at: Generated<Date>
  error_type: string | null
  error_message: string | null
  stack_trace: string | null
  properties: JSONColumnType<Record<string, string | number | boolean>> | null
}
