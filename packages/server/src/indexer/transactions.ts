import type { Hash, Hex, PublicClient } from 'viem'
import type { FetchedBlock } from './decode.ts'
import type { FoundLog } from './log-scan.ts'

/** Requests in flight at once; the client's JSON-RPC batching folds them into a few HTTP calls. */
const CONCURRENCY = 64

/**
 * The transactions Activity shows (sender, recipient, value, nonce, status, time) for these hashes,
 * as blocks holding only them, each with the found logs that belong to it. A transaction or block
 * the node no longer has (a reorg under the read) throws, and the caller's step is tried again.
 */
export async function fetchTransactions(
  client: PublicClient,
  hashes: readonly string[],
  logs: readonly FoundLog[],
): Promise<FetchedBlock[]> {
  const logsByTx = new Map<string, FoundLog[]>()
  for (const log of logs) {
    const hash = log.transactionHash.toLowerCase()
    logsByTx.set(hash, [...(logsByTx.get(hash) ?? []), log])
  }
  const found = await mapLimited([...new Set(hashes.map((hash) => hash.toLowerCase()))], async (hash) => {
    const [tx, receipt] = await Promise.all([
      client.getTransaction({ hash: hash as Hash }),
      client.getTransactionReceipt({ hash: hash as Hash }),
    ])
    return { tx, receipt }
  })
  const blockNumbers = [...new Set(found.map(({ receipt }) => receipt.blockNumber))]
  const blocks = new Map(
    (await mapLimited(blockNumbers, (blockNumber) => client.getBlock({ blockNumber }))).map((block) => [
      block.number,
      block,
    ]),
  )
  const byBlock = new Map<bigint, FetchedBlock>()
  for (const { tx, receipt } of found) {
    const block = blocks.get(receipt.blockNumber)
    if (!block?.hash || block.hash !== receipt.blockHash)
      throw new Error(`Block ${receipt.blockNumber} moved`)
    let fetched = byBlock.get(block.number)
    if (!fetched) {
      fetched = {
        number: Number(block.number),
        hash: block.hash,
        parentHash: block.parentHash,
        timestamp: Number(block.timestamp),
        transactions: [],
      }
      byBlock.set(block.number, fetched)
    }
    fetched.transactions.push({
      hash: tx.hash,
      from: tx.from,
      to: tx.to ?? null,
      value: tx.value,
      nonce: tx.nonce,
      transactionIndex: receipt.transactionIndex,
      status: receipt.status === 'reverted' ? 'failed' : 'confirmed',
      logs: (logsByTx.get(tx.hash.toLowerCase()) ?? []).map((log) => ({
        address: log.address as Hex,
        topics: log.topics as Hex[],
        data: log.data as Hex,
        logIndex: log.logIndex,
      })),
    })
  }
  return [...byBlock.values()].sort((a, b) => a.number - b.number)
}

export async function mapLimited<T, R>(
  items: readonly T[],
  map: (item: T) => Promise<R>,
  limit = CONCURRENCY,
): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await map(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
