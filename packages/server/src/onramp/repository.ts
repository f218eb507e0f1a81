import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables.ts'
import type { PaymentCurrency, PaymentMethod, ProviderId } from './catalogue.ts'
import type { PurchaseRow, PurchaseStatus, QuoteRow } from './tables.ts'

/** What a quote states and a purchase keeps. */
export interface Terms {
  projectId: string
  provider: ProviderId
  paymentCurrency: PaymentCurrency
  paymentMethod: PaymentMethod
  paymentTotalCents: bigint
  providerFeeCents: bigint
  networkFeeCents: bigint
  purchaseCurrency: string
  purchaseDecimals: number
  purchaseUnits: bigint
  network: string
  expiresAt: Date
}

export interface Quote extends Terms {
  id: string
}

export interface Purchase extends Terms {
  id: string
  quoteId: string
  address: string
  status: PurchaseStatus
  txHash: string | null
  failureReason: string | null
  createdAt: Date
  updatedAt: Date
}

/** How long a quote expired before it is deleted: a checkout opened on it has ended by then. */
const KEEP_EXPIRED_MS = 60 * 60_000

const termsRow = (terms: Terms) => ({
  project_id: terms.projectId,
  provider: terms.provider,
  payment_currency: terms.paymentCurrency,
  payment_method: terms.paymentMethod,
  payment_total_cents: String(terms.paymentTotalCents),
  provider_fee_cents: String(terms.providerFeeCents),
  network_fee_cents: String(terms.networkFeeCents),
  purchase_currency: terms.purchaseCurrency,
  purchase_decimals: terms.purchaseDecimals,
  purchase_units: String(terms.purchaseUnits),
  network: terms.network,
  expires_at: terms.expiresAt,
})

// The columns were written from these types, so reading them back narrows nothing new.
const termsOf = (row: Omit<QuoteRow, 'id' | 'created_at'>): Terms => ({
  projectId: row.project_id,
  provider: row.provider as ProviderId,
  paymentCurrency: row.payment_currency as PaymentCurrency,
  paymentMethod: row.payment_method as PaymentMethod,
  paymentTotalCents: BigInt(row.payment_total_cents),
  providerFeeCents: BigInt(row.provider_fee_cents),
  networkFeeCents: BigInt(row.network_fee_cents),
  purchaseCurrency: row.purchase_currency,
  purchaseDecimals: row.purchase_decimals,
  purchaseUnits: BigInt(row.purchase_units),
  network: row.network,
  expiresAt: new Date(row.expires_at),
})

type StoredPurchase = Omit<PurchaseRow, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date }

const purchaseOf = (row: StoredPurchase): Purchase => ({
  ...termsOf(row),
  id: row.id,
  quoteId: row.quote_id,
  address: row.address,
  status: row.status,
  txHash: row.tx_hash,
  failureReason: row.failure_reason,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
})

/** Stores the quotes of one request together, and deletes those long expired. */
export async function storeQuotes(db: Kysely<Tables>, quotes: Quote[], now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('onramp_quotes')
      .where('expires_at', '<', new Date(now.getTime() - KEEP_EXPIRED_MS))
      .execute()
    await trx
      .insertInto('onramp_quotes')
      .values(quotes.map((quote) => ({ id: quote.id, ...termsRow(quote) })))
      .execute()
  })
}

/** The project's quote, expired or not; another project's is not found. */
export async function findQuote(
  db: Kysely<Tables>,
  id: string,
  projectId: string,
): Promise<Quote | undefined> {
  const row = await db
    .selectFrom('onramp_quotes')
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst()
  return row ? { id: row.id, ...termsOf(row) } : undefined
}

export async function createPurchase(
  db: Kysely<Tables>,
  purchase: Terms & { id: string; quoteId: string; address: string; sessionHash: string },
): Promise<void> {
  await db
    .insertInto('onramp_purchases')
    .values({
      id: purchase.id,
      ...termsRow(purchase),
      quote_id: purchase.quoteId,
      session_hash: purchase.sessionHash,
      address: purchase.address.toLowerCase(),
      status: 'created',
    })
    .execute()
}

export async function findPurchase(
  db: Kysely<Tables>,
  id: string,
  projectId: string,
): Promise<Purchase | undefined> {
  const row = await db
    .selectFrom('onramp_purchases')
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst()
  return row ? purchaseOf(row) : undefined
}

/** The address's purchases with this project, newest first. */
export async function purchasesOf(
  db: Kysely<Tables>,
  projectId: string,
  address: string,
  limit: number,
): Promise<Purchase[]> {
  const rows = await db
    .selectFrom('onramp_purchases')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('address', '=', address.toLowerCase())
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute()
  return rows.map(purchaseOf)
}

export async function purchaseBySession(
  db: Kysely<Tables>,
  sessionHash: string,
): Promise<Purchase | undefined> {
  const row = await db
    .selectFrom('onramp_purchases')
    .selectAll()
    .where('session_hash', '=', sessionHash)
    .executeTakeFirst()
  return row ? purchaseOf(row) : undefined
}

/**
 * Takes the checkout's one use, only while it has not expired: created → pending (the payment
 * goes out next) or, for a declined card, straight to failed. Of two posts at once exactly one
 * gets the purchase; the other (and every replay) gets undefined.
 */
export async function claimPurchase(
  db: Kysely<Tables>,
  sessionHash: string,
  now: Date,
  next: { status: 'pending' } | { status: 'failed'; reason: string },
): Promise<Purchase | undefined> {
  const row = await db
    .updateTable('onramp_purchases')
    .set({
      status: next.status,
      failure_reason: next.status === 'failed' ? next.reason : null,
      updated_at: now,
    })
    .where('session_hash', '=', sessionHash)
    .where('status', '=', 'created')
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst()
  return row ? purchaseOf(row) : undefined
}

/** The pending purchase's transaction, once sent: a restart can still find out how it ended. */
export async function recordTransaction(db: Kysely<Tables>, id: string, txHash: string): Promise<void> {
  await db
    .updateTable('onramp_purchases')
    .set({ tx_hash: txHash, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute()
}

/** Ends a pending purchase; one that has ended already stays as it ended. */
export async function settlePurchase(
  db: Kysely<Tables>,
  id: string,
  outcome: { status: 'paid' } | { status: 'failed'; reason: string },
): Promise<void> {
  await db
    .updateTable('onramp_purchases')
    .set({
      status: outcome.status,
      failure_reason: outcome.status === 'failed' ? outcome.reason : null,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute()
}
