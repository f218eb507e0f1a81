import type { Generated } from 'kysely'

/** Row types of migrations 0003_siwx and 0010_siwx_nonce_issued_at. */
export interface SiwxTables {
  siwx_nonces: { nonce: string; project_id: string; issued_at: Date; expires_at: Date }
  siwx_sessions: SiwxSessionsTable
}

export interface SiwxSessionsTable {
  id: string
  token_hash: string
  project_id: string
  address: string
  chain_id: number
  message: string
  signature: string
  expires_at: Date
  revoked_at: Date | null
  created_at: Generated<Date>
}
