import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Address, Hash } from 'viem'
import type { Tables } from '../db/tables.ts'
import type { SandboxPayer } from './payer.ts'
import { reasonOf } from './payer.ts'
import { findPurchase, type Purchase, recordTransaction, settlePurchase } from './repository.ts'
import { CHECKOUT_PATH } from './sandbox-pages.ts'

/**
 * The sandbox provider's checkout sessions and payments. A session id is 256 random bits: it is
 * the only key to its checkout, used once, and stored only as a hash.
 */
export const SESSION_ID = /^[A-Za-z0-9_-]{43}$/

export function newSession(): { id: string; hash: string } {
  const id = randomBytes(32).toString('base64url')
  return { id, hash: sessionHash(id) }
}

export const sessionHash = (id: string) => createHash('sha256').update(id).digest('hex')

export const checkoutUrl = (publicUrl: URL, session: string) =>
  `${publicUrl.origin}${CHECKOUT_PATH}?session=${session}`

/**
 * Sends a claimed (pending) purchase's tokens and records each step as it happens: the
 * transaction hash once the node took it, then paid or failed once mined. A transfer not mined
 * within the wait stays pending with its hash; `settle` finishes it later.
 */
export async function pay(db: Kysely<Tables>, payer: SandboxPayer, purchase: Purchase): Promise<Purchase> {
  let hash: Hash
  try {
    hash = await payer.send(purchase.address as Address, purchase.purchaseUnits)
  } catch (error) {
    await settlePurchase(db, purchase.id, { status: 'failed', reason: reasonOf(error) })
    return reread(db, purchase)
  }
  await recordTransaction(db, purchase.id, hash)
  await finish(db, purchase.id, hash, await payer.delivery(hash))
  return reread(db, purchase)
}

/** A pending purchase whose transaction was sent: paid or failed once the chain says so. */
export async function settle(db: Kysely<Tables>, payer: SandboxPayer, purchase: Purchase): Promise<Purchase> {
  if (purchase.status !== 'pending' || !purchase.txHash) return purchase
  const delivery = await payer.delivery(purchase.txHash as Hash, { wait: false })
  if (delivery.status === 'unknown') return purchase
  await finish(db, purchase.id, purchase.txHash as Hash, delivery)
  return reread(db, purchase)
}

async function finish(
  db: Kysely<Tables>,
  id: string,
  hash: Hash,
  delivery: Awaited<ReturnType<SandboxPayer['delivery']>>,
) {
  if (delivery.status === 'mined') await settlePurchase(db, id, { status: 'paid' })
  else if (delivery.status === 'reverted')
    await settlePurchase(db, id, { status: 'failed', reason: `The payment transaction ${hash} reverted` })
}

async function reread(db: Kysely<Tables>, purchase: Purchase): Promise<Purchase> {
  return (await findPurchase(db, purchase.id, purchase.projectId)) ?? purchase
}
