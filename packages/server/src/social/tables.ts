import type { Generated } from 'kysely'

/** Social login's rows (migrations 0019, 0025 and 0030). */
export interface SocialTables {
  embedded_social_identities: SocialIdentitiesTable
  embedded_social_attempts: SocialAttemptsTable
  embedded_telegram_answers: TelegramAnswersTable
}

/** Telegram answers already used: the keyed hash of their `hash`, until they would be too old anyway. */
interface TelegramAnswersTable {
  hash_key: string
  expires_at: Date
}

interface SocialIdentitiesTable {
  provider: string
  /** The provider's stable id for the person (id_token `sub`, X `data.id`, GitHub's numeric id…). */
  subject: string
  user_id: string
  /** What the account view shows beside the provider (behaviour §3). */
  username: string
  email: string | null
  email_verified: Generated<boolean>
  created_at: Generated<Date>
  last_login_at: Generated<Date>
}

export type AttemptStatus =
  | 'created'
  | 'redirected'
  | 'exchanging'
  | 'confirming'
  | 'done'
  | 'failed'
  | 'taken'

interface SocialAttemptsTable {
  id: string
  provider: string
  project_id: string
  device_id: string
  parent_origin: string
  ip: string
  request_project: string
  /** A coarse hint such as "Firefox on Linux" (embedded/request-context.ts). */
  request_device: string
  status: AttemptStatus
  /** Keyed hash of the `state` sent to the provider: set when the popup leaves, spent by its answer. */
  state_hash: string | null
  /** Keyed hash of the random value the `go` page put in the popup's cookie: the answer must bring it. */
  browser_hash: string | null
  nonce: string | null
  code_verifier: string | null
  /** Keyed hash of the token of the confirmation page's button. */
  confirm_hash: string | null
  user_id: string | null
  subject: string | null
  error_code: string | null
  error_message: string | null
  expires_at: Date
  created_at: Generated<Date>
}
