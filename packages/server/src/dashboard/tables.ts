import type { Generated } from 'kysely'

/** Row types of migrations 0013_dashboard and 0023_dashboard_login_failures. */
export interface DashboardTables {
  dashboard_sessions: { token_hash: string; created_at: Generated<Date>; expires_at: Date }
  dashboard_login_failures: { ip: string; browser: string; failures: number; blocked_until: Date }
}
