import { type Kysely, sql } from 'kysely'
import type { Hash } from 'viem'
import type { Tables } from '../db/tables.ts'
import { BundlerError, BundlerErrorCode } from './errors.ts'
import type { UserOperationRow, UserOperationState } from './tables.ts'
import { fromStored, storedUserOp, type UserOp } from './user-operation.ts'

const UNIQUE_VIOLATION = '23505'

export interface StoredOperation {
  hash: Hash
  op: UserOp
  state: UserOperationState
  txHash: Hash | undefined
  failureReason: string | undefined
}

type Row = Pick<UserOperationRow, 'hash' | 'user_operation' | 'state' | 'tx_hash' | 'failure_reason'>

const toStored = (row: Row): StoredOperation => ({
  hash: row.hash as Hash,
  op: fromStored(row.user_operation),
  state: row.state,
  txHash: (row.tx_hash ?? undefined) as Hash | undefined,
  failureReason: row.failure_reason ?? undefined,
})

/** Stores an accepted operation as pending; one per sender and nonce in flight (the partial unique index). */
export async function insertPending(
  db: Kysely<Tables>,
  values: { hash: Hash; chainId: number; entryPoint: string; op: UserOp; projectId: string },
): Promise<void> {
  try {
    await db
      .insertInto('bundler_user_operations')
      .values({
        hash: values.hash.toLowerCase(),
        chain_id: values.chainId,
        entry_point: values.entryPoint.toLowerCase(),
        sender: values.op.sender.toLowerCase(),
        nonce: values.op.nonce.toString(),
        user_operation: storedUserOp(values.op),
        project_id: values.projectId,
        state: 'pending',
      })
      .onConflict((conflict) =>
        // The same operation again after it failed may be tried anew; a known one is refused below.
        conflict
          .column('hash')
          .doUpdateSet({ state: 'pending', tx_hash: null, failure_reason: null, updated_at: sql`now()` })
          .where('bundler_user_operations.state', '=', 'failed'),
      )
      .executeTakeFirstOrThrow()
      .then((result) => {
        if (result.numInsertedOrUpdatedRows === 0n) throw duplicate()
      })
  } catch (error) {
    if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) throw duplicate()
    throw error
  }
}

const duplicate = () =>
  new BundlerError(
    BundlerErrorCode.INVALID_FIELDS,
    'A user operation with this sender and nonce is already known to the bundler: wait for its receipt or use the next nonce',
  )

export async function findOperation(db: Kysely<Tables>, hash: string): Promise<StoredOperation | undefined> {
  const row = await db
    .selectFrom('bundler_user_operations')
    .selectAll()
    .where('hash', '=', hash.toLowerCase())
    .executeTakeFirst()
  return row ? toStored(row) : undefined
}

/**
 * Moves up to `limit` of the oldest pending operations of the chain to submitted, each sender at
 * most once, in one statement: another instance's claim skips the rows this one locked.
 */
export async function claimPending(
  db: Kysely<Tables>,
  chainId: number,
  limit: number,
): Promise<StoredOperation[]> {
  const result = await sql<Row>`
    update bundler_user_operations set state = 'submitted', updated_at = now()
    where hash in (
      select distinct on (sender) hash from (
        select hash, sender, nonce, created_at from bundler_user_operations
        where chain_id = ${chainId} and state = 'pending'
        order by created_at limit ${limit * 4}
        for update skip locked
      ) oldest
      order by sender, nonce
      limit ${limit}
    )
    returning *`.execute(db)
  return result.rows.map(toStored)
}

/** Operations a previous run left in `state`, oldest first. */
export async function operationsIn(
  db: Kysely<Tables>,
  chainId: number,
  state: UserOperationState,
): Promise<StoredOperation[]> {
  const rows = await db
    .selectFrom('bundler_user_operations')
    .selectAll()
    .where('chain_id', '=', chainId)
    .where('state', '=', state)
    .orderBy('created_at')
    .execute()
  return rows.map(toStored)
}

/** Records the signed bundle's hash before it is broadcast, so a restart knows what to look for. */
export async function recordBundle(
  db: Kysely<Tables>,
  hashes: readonly string[],
  txHash: Hash,
): Promise<void> {
  if (hashes.length === 0) return
  await db
    .updateTable('bundler_user_operations')
    .set({ tx_hash: txHash, updated_at: sql`now()` })
    .where(
      'hash',
      'in',
      hashes.map((hash) => hash.toLowerCase()),
    )
    .where('state', '=', 'submitted')
    .execute()
}

export async function settle(
  db: Kysely<Tables>,
  hashes: readonly string[],
  outcome: { state: 'included'; txHash: Hash } | { state: 'failed'; reason: string } | { state: 'pending' },
): Promise<void> {
  if (hashes.length === 0) return
  await db
    .updateTable('bundler_user_operations')
    .set({
      state: outcome.state,
      tx_hash: outcome.state === 'included' ? outcome.txHash : null,
      failure_reason: outcome.state === 'failed' ? outcome.reason.slice(0, 500) : null,
      updated_at: sql`now()`,
    })
    .where(
      'hash',
      'in',
      hashes.map((hash) => hash.toLowerCase()),
    )
    .execute()
}
