import { sql, type Transaction } from 'kysely'
import type { Tables } from '../../db/tables.ts'
import type { TokenHasher } from '../../hash-secret.ts'

/**
 * Spends a checked answer: true the first time its `hash` is seen, false for a replay — even one
 * carried to another attempt, whose state would otherwise be fresh. Kept until `expiresAt`, when
 * the answer's age refuses it anyway; older ones are dropped here.
 */
export async function spendTelegramAnswer(
  trx: Transaction<Tables>,
  hashToken: TokenHasher,
  answer: { hash: string; expiresAt: Date },
): Promise<boolean> {
  await trx.deleteFrom('embedded_telegram_answers').where('expires_at', '<', sql<Date>`now()`).execute()
  const stored = await trx
    .insertInto('embedded_telegram_answers')
    .values({ hash_key: hashToken(answer.hash), expires_at: answer.expiresAt })
    .onConflict((conflict) => conflict.column('hash_key').doNothing())
    .returning('hash_key')
    .executeTakeFirst()
  return stored !== undefined
}
