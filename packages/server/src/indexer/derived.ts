import type { Tables } from '../db/tables.ts'
import type { DecodedBlocks } from './decode.ts'

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
