import { randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { Tables } from '../db/tables.ts'
import type { TokenHasher } from '../hash-secret.ts'
import { HttpError } from '../http/errors.ts'
import { newOtp, sameHash } from './tokens.ts'

const OTP_TTL_MINUTES = 10
/** The fifth wrong code locks it; a sixth try fails even with the right code. */
const OTP_MAX_ATTEMPTS = 5

export const OtpText = {
  INVALID: 'Invalid code',
  EXPIRED: 'The code has expired or was already used. Request a new one.',
  LOCKED: 'Too many wrong codes. Request a new one.',
} as const

/** A fresh code for this address, purpose and device; any older unused code of the same kind dies. */
export async function issueOtp(
  db: Kysely<Tables>,
  hash: TokenHasher,
  input: { email: string; purpose: string; deviceId: string },
): Promise<string> {
  const code = newOtp()
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('embedded_otps')
      .set({ used_at: sql`now()` })
      .where('email', '=', input.email)
      .where('purpose', '=', input.purpose)
      .where('used_at', 'is', null)
      .execute()
    await trx
      .insertInto('embedded_otps')
      .values({
        id: randomUUID(),
        email: input.email,
        purpose: input.purpose,
        device_id: input.deviceId,
        code_hash: hash(code),
        expires_at: sql<Date>`now() + make_interval(mins => ${OTP_TTL_MINUTES})`,
      })
      .execute()
  })
  return code
}

/**
 * Uses the live code of this address and purpose once. A wrong guess counts even though the
 * caller gets an error, so the count is committed before the refusal is thrown.
 */
export async function consumeOtp(
  db: Kysely<Tables>,
  hash: TokenHasher,
  input: { email: string; purpose: string; deviceId: string; code: string },
): Promise<void> {
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('embedded_otps')
      .select(['id', 'code_hash', 'attempts', 'device_id'])
      .where('email', '=', input.email)
      .where('purpose', '=', input.purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .orderBy('created_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst()
    if (!row || row.device_id !== input.deviceId) return 'expired'
    if (row.attempts >= OTP_MAX_ATTEMPTS) return 'locked'
    if (!/^\d{6}$/.test(input.code) || !sameHash(hash(input.code), row.code_hash)) {
      const attempts = row.attempts + 1
      await trx.updateTable('embedded_otps').set({ attempts }).where('id', '=', row.id).execute()
      return attempts >= OTP_MAX_ATTEMPTS ? 'locked' : 'invalid'
    }
    const used = await trx
      .updateTable('embedded_otps')
      .set({ used_at: sql`now()` })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst()
    return used.numUpdatedRows === 1n ? 'ok' : 'expired'
  })
  if (outcome === 'ok') return
  if (outcome === 'locked') throw new HttpError(429, OtpText.LOCKED)
  throw new HttpError(400, outcome === 'invalid' ? OtpText.INVALID : OtpText.EXPIRED)
}
