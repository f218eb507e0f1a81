import type { Generated } from 'kysely'

/** The embedded wallet's rows (migrations 0004, 0007, 0009). */
export interface EmbeddedTables {
  embedded_users: EmbeddedUsersTable
  embedded_devices: EmbeddedDevicesTable
  embedded_sessions: EmbeddedSessionsTable
  embedded_otps: EmbeddedOtpsTable
  embedded_mail_cooldowns: { email: string; last_sent_at: Date }
  embedded_mail_log: { email: string; ip: string; sent_at: Generated<Date> }
  embedded_poll_limits: { key: string; window_started_at: Date; polls: number }
}

interface EmbeddedUsersTable {
  id: string
  email: string
  address: string
  encrypted_key: string
  preferred_account_type: Generated<string>
  created_at: Generated<Date>
}

interface EmbeddedDevicesTable {
  user_id: string
  device_id: string
  approval_token_hash: string | null
  approved_at: Date | null
  /** The login that asked for the pending approval, as its link shows it (see embedded/request-context.ts). */
  request_project: string | null
  request_origin: string | null
  request_device: string | null
  request_ip: string | null
  created_at: Generated<Date>
}

interface EmbeddedSessionsTable {
  token_hash: string
  user_id: string
  project_id: string
  device_id: string
  expires_at: Date
  created_at: Generated<Date>
}

interface EmbeddedOtpsTable {
  id: string
  email: string
  /** login, update_primary or update_secondary:<new e-mail>. */
  purpose: string
  device_id: string
  code_hash: string
  attempts: Generated<number>
  used_at: Date | null
  expires_at: Date
  created_at: Generated<Date>
}
