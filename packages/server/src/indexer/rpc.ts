import { type Hex, numberToHex, type PublicClient } from 'viem'
import { z } from 'zod'
import type { FetchedBlock } from './decode.ts'

const HexString = z.string().regex(/^0x[0-9a-fA-F]*$/)
const Quantity = HexString.transform((value) => Number(BigInt(value)))

/** Only the receipt fields the indexer reads; whatever else a node adds is ignored. */
const Receipts = z.array(
  z.object({
    transactionHash: HexString,
    blockHash: HexString,
    status: HexString.nullish(),
    logs: z.array(
      z.object({
        address: HexString,
        topics: z.array(HexString),
        data: HexString,
        logIndex: Quantity,
      }),
    ),
  }),
)

/** The chain moved under a batch (a block's receipts belong to another block hash): fetch again. */
export class ChainMovedError extends Error {
  override name = 'ChainMovedError'
}

/**
 * One block with its transactions and receipts: two calls (`eth_getBlockByNumber` and
 * `eth_getBlockReceipts`), which the client's batching folds with the other blocks of the batch.
 * Null when the node does not have the block (yet, or any more after a reorg).
 */
export async function fetchBlock(client: PublicClient, number: number): Promise<FetchedBlock | null> {
  const block = await client
    .getBlock({ blockNumber: BigInt(number), includeTransactions: true })
    .catch((error) => {
      if (error instanceof Error && error.name === 'BlockNotFoundError') return null
      throw error
    })
  if (!block || block.hash === null) return null
  const receipts =
    block.transactions.length === 0
      ? []
      : Receipts.parse(
          await client.request({
            method: 'eth_getBlockReceipts',
            params: [numberToHex(number)],
          } as never),
        )
  const byHash = new Map(receipts.map((receipt) => [receipt.transactionHash.toLowerCase(), receipt]))
  return {
    number,
    hash: block.hash,
    parentHash: block.parentHash,
    timestamp: Number(block.timestamp),
    transactions: block.transactions.map((tx) => {
      const receipt = byHash.get(tx.hash.toLowerCase())
      if (!receipt || receipt.blockHash.toLowerCase() !== block.hash?.toLowerCase()) {
        throw new ChainMovedError(`Receipts of block ${number} do not match its hash`)
      }
      return {
        hash: tx.hash,
        from: tx.from,
        to: tx.to ?? null,
        value: tx.value,
        nonce: tx.nonce,
        transactionIndex: tx.transactionIndex ?? 0,
        status: receipt.status === '0x0' ? ('failed' as const) : ('confirmed' as const),
        logs: receipt.logs.map((log) => ({
          address: log.address as Hex,
          topics: log.topics as Hex[],
          data: log.data as Hex,
          logIndex: log.logIndex,
        })),
      }
    }),
  }
}
