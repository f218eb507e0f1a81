import type { Generated } from 'kysely'

/** Row types of migration 0013_dashboard. */
export interface DashboardTables {
  dashboard_sessions: { token_hash: string; created_at: Generated<Date>; expires_at: Date }
  dashboard_login_attempts: { ip: string; window_started_at: Date; attempts: number }
}
