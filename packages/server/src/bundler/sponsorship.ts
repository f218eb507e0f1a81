import { type Kysely, sql } from 'kysely'
import type { Tables } from '../db/tables.ts'
import { BundlerError, BundlerErrorCode } from './errors.ts'

/** What an operator gives a project's users each UTC day. */
export interface SponsorLimits {
  /** Sponsored operations per sender (smart account) per day. */
  operationsPerSenderPerDay: number
  /** Wei the project's sponsored operations may cost at most per day, counted at their maximum cost. */
  weiPerDay: bigint
}

const PROJECT_TOTAL = '*'

export const SponsorText = {
  SENDER_LIMIT: (limit: number) =>
    `Gas sponsorship for this account is used up for today (${limit} operation${limit === 1 ? '' : 's'} a day): send without a paymaster to pay for gas from the account`,
  PROJECT_LIMIT:
    'Gas sponsorship for this project is used up for today: send without a paymaster to pay for gas from the account',
} as const

const today = (now: Date) => now.toISOString().slice(0, 10)

/** Refuses when the sender or the project has no sponsorship left today; counts nothing. */
export async function checkSponsorship(
  db: Kysely<Tables>,
  request: { projectId: string; sender: string; limits: SponsorLimits; now: Date },
): Promise<void> {
  const { projectId, sender, limits, now } = request
  const rows = await db
    .selectFrom('bundler_sponsorships')
    .select(['sender', 'operations', 'wei'])
    .where('project_id', '=', projectId)
    .where('day', '=', today(now))
    .where('sender', 'in', [sender.toLowerCase(), PROJECT_TOTAL])
    .execute()
  const mine = rows.find((row) => row.sender !== PROJECT_TOTAL)
  const total = rows.find((row) => row.sender === PROJECT_TOTAL)
  if (limits.operationsPerSenderPerDay < 1 || (mine && mine.operations >= limits.operationsPerSenderPerDay))
    throw refusal(SponsorText.SENDER_LIMIT(limits.operationsPerSenderPerDay), 'SENDER_LIMIT')
  if (limits.weiPerDay <= 0n || (total && BigInt(total.wei) >= limits.weiPerDay))
    throw refusal(SponsorText.PROJECT_LIMIT, 'PROJECT_LIMIT')
}

/**
 * Counts one sponsored operation of `wei` at most against both limits, in one transaction: each
 * counter moves only while it stays within its limit, so concurrent requests cannot overshoot,
 * and a refusal leaves both as they were.
 */
export async function reserveSponsorship(
  db: Kysely<Tables>,
  request: { projectId: string; sender: string; wei: bigint; limits: SponsorLimits; now: Date },
): Promise<void> {
  const { projectId, limits, wei } = request
  const day = today(request.now)
  const sender = request.sender.toLowerCase()
  if (limits.operationsPerSenderPerDay < 1)
    throw refusal(SponsorText.SENDER_LIMIT(limits.operationsPerSenderPerDay), 'SENDER_LIMIT')
  if (wei > limits.weiPerDay) throw refusal(SponsorText.PROJECT_LIMIT, 'PROJECT_LIMIT')
  await db.transaction().execute(async (trx) => {
    const counted = await sql<{ operations: number }>`
      insert into bundler_sponsorships (project_id, day, sender, operations, wei)
      values (${projectId}, ${day}, ${sender}, 1, ${wei.toString()})
      on conflict (project_id, day, sender) do update
        set operations = bundler_sponsorships.operations + 1, wei = bundler_sponsorships.wei + excluded.wei
        where bundler_sponsorships.operations + 1 <= ${limits.operationsPerSenderPerDay}
      returning operations`.execute(trx)
    if (counted.rows.length === 0)
      throw refusal(SponsorText.SENDER_LIMIT(limits.operationsPerSenderPerDay), 'SENDER_LIMIT')
    const total = await sql<{ wei: string }>`
      insert into bundler_sponsorships (project_id, day, sender, operations, wei)
      values (${projectId}, ${day}, ${PROJECT_TOTAL}, 1, ${wei.toString()})
      on conflict (project_id, day, sender) do update
        set operations = bundler_sponsorships.operations + 1, wei = bundler_sponsorships.wei + excluded.wei
        where bundler_sponsorships.wei + excluded.wei <= ${limits.weiPerDay.toString()}::numeric
      returning wei`.execute(trx)
    if (total.rows.length === 0) throw refusal(SponsorText.PROJECT_LIMIT, 'PROJECT_LIMIT')
  })
}

const refusal = (message: string, reason: 'SENDER_LIMIT' | 'PROJECT_LIMIT') =>
  new BundlerError(BundlerErrorCode.REJECTED_BY_PAYMASTER, message, { reason })
