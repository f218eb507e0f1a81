import type { Hash, PublicClient } from 'viem'
import { type DecodedBlocks, decodeBlocks, type FetchedBlock } from './decode.ts'
import { AdaptiveSpan, type FoundLog, scanLogs } from './log-scan.ts'
import { ChainMovedError } from './rpc.ts'
import { readTracedTransfers, TracesUnavailableError, tracedEvents } from './traces.ts'
import { mapLimited } from './transactions.ts'

/** A block as the head reads it: its transactions, without receipts. */
export type HeadBlock = Omit<FetchedBlock, 'transactions'> & {
  transactions: Array<Omit<FetchedBlock['transactions'][number], 'status' | 'logs'>>
}

/** The node of the head: whether it answers `trace_filter`, learnt on first use. */
export interface TraceSupport {
  traces: boolean
}

/**
 * What a range of new blocks holds for the watched accounts: token logs naming them (by
 * `eth_getLogs`, the set in the topics), transactions they sent or received, and — where the node
 * has traces — the native coin contracts moved to or from them. Receipts are read only for those
 * transactions. Throws `ChainMovedError` when a log or receipt belongs to another block than the
 * one read: a reorg under the read.
 */
export async function readHeadRange(
  client: PublicClient,
  blocks: HeadBlock[],
  watched: readonly string[],
  support: TraceSupport,
): Promise<DecodedBlocks> {
  const first = blocks[0]
  const last = blocks.at(-1)
  if (!first || !last || watched.length === 0) return decodeBlocks([])
  const hashes = new Map(blocks.map((block) => [block.number, block.hash.toLowerCase()]))
  const logs: FoundLog[] = []
  const span = new AdaptiveSpan(blocks.length)
  for (let from = first.number; from <= last.number; ) {
    const found = await scanLogs(client, span, from, last.number, watched)
    logs.push(...found.logs)
    from = found.through + 1
  }
  for (const log of logs) {
    if (hashes.get(log.blockNumber) !== log.blockHash.toLowerCase()) {
      throw new ChainMovedError(`A log of block ${log.blockNumber} is from another chain`)
    }
  }
  const traced = support.traces ? await traces(client, first.number, last.number, watched, support) : []
  const set = new Set(watched)
  const wanted = new Set<string>([
    ...logs.map((log) => log.transactionHash.toLowerCase()),
    ...traced.map((transfer) => transfer.txHash),
  ])
  for (const block of blocks) {
    for (const tx of block.transactions) {
      if (set.has(tx.from.toLowerCase()) || (tx.to !== null && set.has(tx.to.toLowerCase())))
        wanted.add(tx.hash.toLowerCase())
    }
  }
  const receipts = new Map(
    (await mapLimited([...wanted], (hash) => client.getTransactionReceipt({ hash: hash as Hash }))).map(
      (receipt) => [receipt.transactionHash.toLowerCase(), receipt],
    ),
  )
  const logsOf = new Map<string, FoundLog[]>()
  for (const log of logs) {
    const hash = log.transactionHash.toLowerCase()
    logsOf.set(hash, [...(logsOf.get(hash) ?? []), log])
  }
  const fetched: FetchedBlock[] = blocks.map((block) => ({
    ...block,
    transactions: block.transactions
      .filter((tx) => wanted.has(tx.hash.toLowerCase()))
      .map((tx) => {
        const receipt = receipts.get(tx.hash.toLowerCase())
        if (!receipt || receipt.blockHash.toLowerCase() !== block.hash.toLowerCase()) {
          throw new ChainMovedError(`The receipt of ${tx.hash} is not in block ${block.number}`)
        }
        return {
          ...tx,
          status: receipt.status === 'reverted' ? ('failed' as const) : ('confirmed' as const),
          logs: (logsOf.get(tx.hash.toLowerCase()) ?? []).map((log) => ({
            address: log.address,
            topics: log.topics,
            data: log.data,
            logIndex: log.logIndex,
          })),
        }
      }),
  }))
  const decoded = decodeBlocks(fetched)
  const failed = new Set(
    decoded.transactions.filter((tx) => tx.status === 'failed').map((tx) => tx.hash.toLowerCase()),
  )
  decoded.events.push(...tracedEvents(traced.filter((transfer) => !failed.has(transfer.txHash))))
  return decoded
}

async function traces(
  client: PublicClient,
  from: number,
  to: number,
  watched: readonly string[],
  support: TraceSupport,
) {
  try {
    return await readTracedTransfers(client, from, to, watched)
  } catch (error) {
    if (!(error instanceof TracesUnavailableError)) throw error
    support.traces = false
    return []
  }
}
