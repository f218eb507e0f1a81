import type { Generated } from 'kysely'

/** Row types of migrations 0020_bundler and 0022_abuse_limits. */
export interface BundlerTables {
  bundler_user_operations: UserOperationRow
  bundler_sponsorship_reservations: ReservationRow
}

/**
 * pending: accepted, waiting for a bundle; submitted: in a handleOps transaction (`tx_hash` once it
 * is signed); included: the EntryPoint ran it (its call may still have reverted: the receipt says);
 * failed: dropped before inclusion (`failure_reason`).
 */
export type UserOperationState = 'pending' | 'submitted' | 'included' | 'failed'

export interface UserOperationRow {
  /** The user operation hash, 0x lower case. */
  hash: string
  /** node-postgres returns bigint as a string, PGlite as a number. */
  chain_id: string | number
  entry_point: string
  /** Lower-case 0x address. */
  sender: string
  /** numeric(78,0) as a decimal string. */
  nonce: string
  /** The operation in its JSON-RPC form (fromStored reads it back). */
  user_operation: string
  project_id: string
  state: UserOperationState
  tx_hash: string | null
  failure_reason: string | null
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

/** One paymaster signature's operation (sender and nonce): reserved until mined or expired. */
interface ReservationRow {
  /** Lower-case 0x address. */
  sender: string
  /** numeric(78,0) as a decimal string. */
  nonce: string
  project_id: string
  /** The UTC day it was signed, YYYY-MM-DD. */
  day: string
  /** The maximum cost until mined, then what the EntryPoint charged the paymaster; numeric(78,0). */
  wei: string
  /** The signature's validUntil, unix seconds (bigint: a string from node-postgres). */
  valid_until: string | number
  paid: Generated<boolean>
}
