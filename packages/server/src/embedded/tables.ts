import type { Generated } from 'kysely'

/** The embedded wallet's rows (migrations 0004, 0007, 0009, 0011, 0012, 0017, 0021, 0026). */
export interface EmbeddedTables {
  embedded_users: EmbeddedUsersTable
  embedded_key_shares: EmbeddedKeySharesTable
  embedded_key_rotations: EmbeddedKeyRotationsTable
  embedded_devices: EmbeddedDevicesTable
  embedded_sessions: EmbeddedSessionsTable
  embedded_otps: EmbeddedOtpsTable
  embedded_mail_cooldowns: { email: string; last_sent_at: Date }
  embedded_mail_log: { email: string; ip: string; sent_at: Generated<Date> }
  embedded_poll_limits: { key: string; window_started_at: Date; polls: number }
}

interface EmbeddedUsersTable {
  id: string
  /** Null for a user who logged in socially without a verified address (migration 0017). */
  email: string | null
  /** Null until the frame sets up the user's key; a key rotation replaces it with the new key's. */
  address: string | null
  /**
   * The smart account a rotated key owns (by `setOwner`): the factory derives an account's address
   * from its first owner only. Null: the factory's account of `address`.
   */
  smart_account: string | null
  /** A whole key sealed under MASTER_KEY: only users from before key shares, until they are reshared. */
  encrypted_key: string | null
  preferred_account_type: Generated<string>
  created_at: Generated<Date>
}

interface EmbeddedDevicesTable {
  user_id: string
  device_id: string
  approved_at: Date | null
  created_at: Generated<Date>
}

interface EmbeddedSessionsTable {
  token_hash: string
  user_id: string
  project_id: string
  device_id: string
  expires_at: Date
  created_at: Generated<Date>
  /** When this session took the recovery share or a legacy key: each session may once (key-shares.ts). */
  recovery_released_at: Date | null
  /** When this session's device redeemed a mailed code (migration 0021): operator recovery needs one. */
  code_verified_at: Date | null
  /** The social identity the session was opened with; null for e-mail login. */
  social_provider: string | null
  social_subject: string | null
}

/** Who may unseal a recovery share: the operator (RECOVERY_KEY) or only the user's passkey. */
export type RecoveryKind = 'operator' | 'passkey'

interface EmbeddedKeySharesTable {
  user_id: string
  /** Sealed under MASTER_KEY (keys.ts). */
  server_share: string
  /**
   * Sealed under RECOVERY_KEY; for `passkey`, what it seals is the share already sealed in the frame
   * under the passkey (iv ‖ AES-GCM ciphertext), which RECOVERY_KEY alone does not open.
   */
  recovery_share: string
  recovery_kind: RecoveryKind
  /** The passkey a new device asks for, and its PRF salt (base64url): set exactly for `passkey`. */
  passkey_credential_id: string | null
  passkey_salt: string | null
  /** The issue time of the proof of the last re-split: an older proof is refused. */
  resplit_at: Date | null
  /**
   * This key had shares that still combine into it: an operator recovery share a re-split replaced,
   * or a legacy whole key. Only a key rotation makes those worthless.
   */
  earlier_shares: Generated<boolean>
  created_at: Generated<Date>
}

/** What a rotation waits on: the chain's owner of `account`, or (an EOA) the frame moving the assets. */
export type RotationKind = 'smartAccount' | 'eoa'

/** A key rotation begun and not finished: the new key's shares, split passkey-first. */
interface EmbeddedKeyRotationsTable {
  user_id: string
  kind: RotationKind
  old_address: string
  new_address: string
  account: string | null
  /** Sealed as `embedded_key_shares` seals them. */
  server_share: string
  recovery_share: string
  passkey_credential_id: string
  passkey_salt: string
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
