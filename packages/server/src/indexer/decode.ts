import { decodeAbiParameters, type Hex, hexToBigInt, toEventSelector } from 'viem'
import type { ChainEventRow, EventKind, TokenStandard, TransactionStatus } from './tables.ts'

/** The parts of a block and its receipts the indexer keeps, as `rpc.ts` reads them. */
export interface FetchedBlock {
  number: number
  hash: Hex
  parentHash: Hex
  timestamp: number
  transactions: Array<{
    hash: Hex
    from: Hex
    to: Hex | null
    value: bigint
    nonce: number
    transactionIndex: number
    status: TransactionStatus
    logs: Array<{ address: Hex; topics: Hex[]; data: Hex; logIndex: number }>
  }>
}

export const TRANSFER = toEventSelector('Transfer(address,address,uint256)')
export const APPROVAL = toEventSelector('Approval(address,address,uint256)')
export const TRANSFER_SINGLE = toEventSelector('TransferSingle(address,address,address,uint256,uint256)')
export const TRANSFER_BATCH = toEventSelector('TransferBatch(address,address,address,uint256[],uint256[])')
export const APPROVAL_FOR_ALL = toEventSelector('ApprovalForAll(address,address,bool)')

interface DecodedTransaction {
  hash: string
  block_number: number
  tx_index: number
  from_address: string
  to_address: string | null
  value: string
  nonce: number
  status: TransactionStatus
  mined_at: Date
}

export type DecodedEvent = Omit<ChainEventRow, 'chain_id'>

export interface DecodedBlocks {
  transactions: DecodedTransaction[]
  events: DecodedEvent[]
  /** Every token contract seen, with the standard its logs revealed. */
  tokens: Map<string, TokenStandard>
}

/**
 * Turns blocks into rows. Pure, so the rules are tested without a chain: a successful transaction
 * with value is a native transfer; ERC-20 and ERC-721 share the Transfer and Approval signatures
 * and differ by whether the amount (ERC-20) or the token id (ERC-721, a fourth topic) is indexed.
 * ApprovalForAll (ERC-721 and ERC-1155) is an approval of the owner to the operator, with amount 1
 * when granted and 0 when revoked. Logs that do not fit their signature (a non-standard token) are
 * skipped, never fatal.
 */
export function decodeBlocks(blocks: FetchedBlock[]): DecodedBlocks {
  const transactions: DecodedTransaction[] = []
  const events: DecodedEvent[] = []
  const tokens = new Map<string, TokenStandard>()
  for (const block of blocks) {
    const minedAt = new Date(block.timestamp * 1000)
    for (const tx of block.transactions) {
      const from = tx.from.toLowerCase()
      const to = tx.to?.toLowerCase() ?? null
      transactions.push({
        hash: tx.hash,
        block_number: block.number,
        tx_index: tx.transactionIndex,
        from_address: from,
        to_address: to,
        value: tx.value.toString(),
        nonce: tx.nonce,
        status: tx.status,
        mined_at: minedAt,
      })
      const base = { tx_hash: tx.hash, block_number: block.number, tx_index: tx.transactionIndex }
      if (tx.status === 'confirmed' && tx.value > 0n && to !== null) {
        events.push({
          ...base,
          log_index: -1,
          sub_index: 0,
          kind: 'native',
          contract: null,
          from_address: from,
          to_address: to,
          token_id: null,
          amount: tx.value.toString(),
        })
      }
      for (const log of tx.logs) {
        for (const event of decodeLog(log)) {
          events.push({ ...base, ...event })
          if (event.kind !== 'approval') tokens.set(event.contract, event.kind)
          // An Approval hints at the standard until a transfer tells; ApprovalForAll fits ERC-721
          // and ERC-1155 alike, and a wrong guess would stick, as metadata is read once.
          else if (!tokens.has(event.contract) && log.topics[0] === APPROVAL)
            tokens.set(event.contract, event.token_id ? 'erc721' : 'erc20')
        }
      }
    }
  }
  return { transactions, events, tokens }
}

type LogEvent = Omit<DecodedEvent, 'tx_hash' | 'block_number' | 'tx_index' | 'kind'> & {
  contract: string
  kind: Exclude<EventKind, 'native'>
}

export function decodeLog(log: FetchedBlock['transactions'][number]['logs'][number]): LogEvent[] {
  const [selector, ...indexed] = log.topics
  const contract = log.address.toLowerCase()
  const at = { contract, log_index: log.logIndex, sub_index: 0 }
  try {
    if (selector === TRANSFER || selector === APPROVAL) {
      const kind = selector === APPROVAL ? 'approval' : undefined
      if (indexed.length === 2 && log.data.length === 66) {
        const [from, to] = indexed.map(topicAddress) as [string, string]
        const amount = hexToBigInt(log.data).toString()
        return [{ ...at, kind: kind ?? 'erc20', from_address: from, to_address: to, token_id: null, amount }]
      }
      if (indexed.length === 3 && log.data === '0x') {
        const [from, to] = indexed.map(topicAddress) as [string, string]
        const tokenId = hexToBigInt(indexed[2] as Hex).toString()
        const amount = kind ? '0' : '1'
        return [
          { ...at, kind: kind ?? 'erc721', from_address: from, to_address: to, token_id: tokenId, amount },
        ]
      }
      return []
    }
    if (selector === APPROVAL_FOR_ALL) {
      if (indexed.length !== 2 || log.data.length !== 66) return []
      const [owner, operator] = indexed.map(topicAddress) as [string, string]
      const [approved] = decodeAbiParameters([{ type: 'bool' }], log.data)
      return [
        {
          ...at,
          kind: 'approval',
          from_address: owner,
          to_address: operator,
          token_id: null,
          amount: approved ? '1' : '0',
        },
      ]
    }
    if ((selector === TRANSFER_SINGLE || selector === TRANSFER_BATCH) && indexed.length === 3) {
      const from = topicAddress(indexed[1] as Hex)
      const to = topicAddress(indexed[2] as Hex)
      const [ids, amounts] =
        selector === TRANSFER_SINGLE
          ? decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], log.data).map((n) => [n])
          : decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], log.data)
      if (!ids || !amounts || ids.length !== amounts.length) return []
      return ids.map((id, index) => ({
        ...at,
        sub_index: index,
        kind: 'erc1155' as const,
        from_address: from,
        to_address: to,
        token_id: id.toString(),
        amount: (amounts[index] as bigint).toString(),
      }))
    }
  } catch {
    // Data that does not decode as the signature says: not a token we can describe.
  }
  return []
}

function topicAddress(topic: Hex): string {
  if (topic.length !== 66 || !/^0x0{24}/.test(topic)) throw new Error('not an address topic')
  return `0x${topic.slice(26).toLowerCase()}`
}
