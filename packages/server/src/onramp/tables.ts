import type { Generated } from 'kysely'

/**
 * Row types of migration 0016_onramp. Amounts travel as decimal strings: node-postgres returns
 * bigint and numeric as strings and PGlite returns bigint as a number, so readers convert explicitly.
 */
export interface OnrampTables {
  onramp_quotes: QuoteRow
  onramp_purchases: PurchaseRow
}

interface Terms {
  project_id: string
  provider: string
  payment_currency: string
  payment_method: string
  /** What the buyer pays, in cents. */
  payment_total_cents: string | number
  provider_fee_cents: string | number
  network_fee_cents: string | number
  /** Token symbol, its decimals, and the base units bought (numeric(78,0)). */
  purchase_currency: string
  purchase_decimals: number
  purchase_units: string
  /** CAIP-2 id of the chain the tokens arrive on. */
  network: string
  expires_at: Date
  created_at: Generated<Date>
}

export interface QuoteRow extends Terms {
  id: string
}

export type PurchaseStatus = 'created' | 'pending' | 'paid' | 'failed'

export interface PurchaseRow extends Terms {
  id: string
  quote_id: string
  /** SHA-256 of the checkout's session id: the id itself is a capability and is never stored. */
  session_hash: string
  /** Lower-case 0x address the tokens go to. */
  address: string
  status: PurchaseStatus
  tx_hash: string | null
  failure_reason: string | null
  updated_at: Generated<Date>
}
