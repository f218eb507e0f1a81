import { type Kysely, sql } from 'kysely'
import type { Tables } from '../db/tables.ts'
import { BundlerError, BundlerErrorCode } from './errors.ts'

/** What an operator gives a project's users each UTC day. */
export interface SponsorLimits {
  /** Sponsored operations per sender (smart account) per day. */
  operationsPerSenderPerDay: number
  /**
   * Wei the project's sponsored operations may cost per day: mined ones at what they cost, signed
   * ones not yet mined at their maximum until their signature expires.
   */
  weiPerDay: bigint
}

export const SponsorText = {
  SENDER_LIMIT: (limit: number) =>
    `Gas sponsorship for this account is used up for today (${limit} operation${limit === 1 ? '' : 's'} a day): send without a paymaster to pay for gas from the account`,
  PROJECT_LIMIT:
    'Gas sponsorship for this project is used up for today: send without a paymaster to pay for gas from the account',
} as const

const today = (now: Date) => now.toISOString().slice(0, 10)
const seconds = (now: Date) => Math.floor(now.getTime() / 1000)

interface Operation {
  projectId: string
  sender: string
  nonce: bigint
  limits: SponsorLimits
  now: Date
}

/**
 * What counts against the day besides `op` itself (signing it again replaces its reservation):
 * mined operations at their actual cost, and signatures still valid at their maximum cost.
 */
async function usedToday(db: Kysely<Tables>, op: Operation) {
  const sender = op.sender.toLowerCase()
  const row = await sql<{ mine: string | number; total: string | null }>`
    select count(*) filter (where sender = ${sender}) as mine, sum(wei)::text as total
    from bundler_sponsorship_reservations
    where project_id = ${op.projectId} and day = ${today(op.now)}
      and (paid or valid_until > ${seconds(op.now)})
      and not (sender = ${sender} and nonce = ${op.nonce.toString()}::numeric)`.execute(db)
  const used = row.rows[0]
  return { mine: Number(used?.mine ?? 0), total: BigInt(used?.total ?? 0) }
}

async function refuseOverLimits(db: Kysely<Tables>, op: Operation, wei: bigint): Promise<void> {
  const { limits } = op
  const { mine, total } = await usedToday(db, op)
  if (mine + 1 > limits.operationsPerSenderPerDay)
    throw refusal(SponsorText.SENDER_LIMIT(limits.operationsPerSenderPerDay), 'SENDER_LIMIT')
  if (total + wei > limits.weiPerDay || limits.weiPerDay <= 0n)
    throw refusal(SponsorText.PROJECT_LIMIT, 'PROJECT_LIMIT')
}

/** Refuses when the sender or the project has no sponsorship left today; reserves nothing. */
export async function checkSponsorship(db: Kysely<Tables>, op: Operation): Promise<void> {
  await refuseOverLimits(db, op, 1n)
}

/**
 * Reserves `wei` (the operation's maximum cost) until `validUntil`, within both limits. The
 * project's row is locked for the transaction, so concurrent signatures for one project are
 * counted one after the other and cannot overshoot; a refusal reserves nothing.
 */
export async function reserveSponsorship(
  db: Kysely<Tables>,
  op: Operation & { wei: bigint; validUntil: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select id from projects where id = ${op.projectId} for update`.execute(trx)
    await refuseOverLimits(trx, op, op.wei)
    await sql`
      insert into bundler_sponsorship_reservations (sender, nonce, project_id, day, wei, valid_until)
      values (${op.sender.toLowerCase()}, ${op.nonce.toString()}::numeric, ${op.projectId},
        ${today(op.now)}, ${op.wei.toString()}::numeric, ${op.validUntil})
      on conflict (sender, nonce) do update
        set project_id = excluded.project_id, day = excluded.day, wei = excluded.wei,
          valid_until = excluded.valid_until
        where not bundler_sponsorship_reservations.paid`.execute(trx)
  })
}

/** A sponsored operation was mined: from now on it counts at what the paymaster actually paid. */
export async function recordSponsoredCost(
  db: Kysely<Tables>,
  mined: { sender: string; nonce: bigint; actualGasCost: bigint },
): Promise<void> {
  await db
    .updateTable('bundler_sponsorship_reservations')
    .set({ wei: mined.actualGasCost.toString(), paid: true })
    .where('sender', '=', mined.sender.toLowerCase())
    .where('nonce', '=', mined.nonce.toString())
    .execute()
}

const refusal = (message: string, reason: 'SENDER_LIMIT' | 'PROJECT_LIMIT') =>
  new BundlerError(BundlerErrorCode.REJECTED_BY_PAYMASTER, message, { reason })
