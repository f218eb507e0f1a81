import { sql, type Transaction } from 'kysely'
import type { Tables } from '../db/tables.ts'
import type { DecodedBlocks, DecodedEvent } from './decode.ts'

/**
 * Rows derived from the indexed events for the read paths: ERC-20 balances per holder and the
 * transactions each account took part in. Written in the batch's transaction, reversed on rollback.
 */

/** Postgres' limit is 65,535 parameters per statement; these rows have at most 5 columns. */
const ROWS_PER_INSERT = 1_000

type BalanceEvent = Pick<DecodedEvent, 'kind' | 'contract' | 'from_address' | 'to_address' | 'amount'>

/** Net ERC-20 change per holder and token, summed first: one upsert may touch a row only once. */
export function balanceDeltas(events: BalanceEvent[], sign = 1n): Map<string, bigint> {
  const deltas = new Map<string, bigint>()
  const add = (holder: string, contract: string, amount: bigint) => {
    const key = `${holder}:${contract}`
    deltas.set(key, (deltas.get(key) ?? 0n) + amount)
  }
  for (const event of events) {
    if (event.kind !== 'erc20' || event.contract === null) continue
    const amount = BigInt(event.amount) * sign
    add(event.to_address, event.contract, amount)
    add(event.from_address, event.contract, -amount)
  }
  return deltas
}

export async function addBalances(
  trx: Transaction<Tables>,
  chainId: number,
  deltas: Map<string, bigint>,
): Promise<void> {
  const rows = [...deltas]
    .filter(([, delta]) => delta !== 0n)
    .map(([key, delta]) => {
      const [holder = '', contract = ''] = key.split(':')
      return { chain_id: chainId, holder, contract, balance: delta.toString() }
    })
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await trx
      .insertInto('chain_balances')
      .values(rows.slice(start, start + ROWS_PER_INSERT))
      .onConflict((conflict) =>
        conflict
          .columns(['chain_id', 'holder', 'contract'])
          .doUpdateSet({ balance: sql`chain_balances.balance + excluded.balance` }),
      )
      .execute()
  }
}

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

/**
 * One row per account a transaction involves. The zero address is left out: as the other side of
 * every mint and burn it would collect a row per token event and is nobody's account.
 */
export function accountActivity(chainId: number, decoded: DecodedBlocks): Tables['chain_account_activity'][] {
  const rows = new Map<string, Tables['chain_account_activity']>()
  const add = (
    address: string | null,
    tx: { block_number: number | string; tx_index: number },
    hash: string,
  ) => {
    if (address === null || address === ZERO_ADDRESS) return
    const key = `${address}:${hash}`
    if (!rows.has(key)) {
      rows.set(key, {
        chain_id: chainId,
        address,
        block_number: tx.block_number,
        tx_index: tx.tx_index,
        tx_hash: hash,
      })
    }
  }
  for (const tx of decoded.transactions) {
    add(tx.from_address, tx, tx.hash)
    add(tx.to_address, tx, tx.hash)
  }
  for (const event of decoded.events) {
    add(event.from_address, event, event.tx_hash)
    add(event.to_address, event, event.tx_hash)
  }
  return [...rows.values()]
}
