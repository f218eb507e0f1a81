import type { Kysely } from 'kysely'
import type { PublicClient } from 'viem'
import type { Tables } from '../db/tables.ts'
import type { DecodedBlocks } from './decode.ts'
import {
  DEFAULT_METADATA_SOURCES,
  type MetadataSources,
  readNftMetadata,
  readTokenMetadata,
} from './metadata.ts'
import { knownNfts, knownTokens, type Rows } from './store.ts'
import { mapLimited } from './transactions.ts'

export interface MetadataReading {
  client: PublicClient
  db: Kysely<Tables>
  chainId: number
  /** Gateways and allowed hosts for token URIs; the public gateways and no private host by default. */
  sources?: MetadataSources
  timeoutMs?: number
}

/** Metadata reads a few at a time: a step that mints thousands of NFTs must not open thousands of requests. */
const METADATA_CONCURRENCY = 16

/** The step's rows with the metadata of every token and NFT they name that is not stored yet. */
export async function withMetadata(
  reading: MetadataReading,
  decoded: DecodedBlocks,
  watched: ReadonlySet<string>,
): Promise<Rows> {
  const { client, db, chainId } = reading
  const known = await knownTokens(db, chainId, [...decoded.tokens.keys()])
  const tokens = await mapLimited(
    [...decoded.tokens].filter(([address]) => !known.has(address)),
    ([address, standard]) => readTokenMetadata(client, address, standard),
    METADATA_CONCURRENCY,
  )
  const items = new Map<string, { contract: string; tokenId: string; standard: 'erc721' | 'erc1155' }>()
  for (const event of decoded.events) {
    if ((event.kind === 'erc721' || event.kind === 'erc1155') && event.contract && event.token_id) {
      items.set(`${event.contract}:${event.token_id}`, {
        contract: event.contract,
        tokenId: event.token_id,
        standard: event.kind,
      })
    }
  }
  const knownItems = await knownNfts(db, chainId, [...items.values()])
  const sources = { ...(reading.sources ?? DEFAULT_METADATA_SOURCES), timeoutMs: reading.timeoutMs ?? 3_000 }
  const nfts = await mapLimited(
    [...items].filter(([key]) => !knownItems.has(key)),
    async ([, item]) => ({
      contract: item.contract,
      tokenId: item.tokenId,
      ...(await readNftMetadata(client, item.contract, BigInt(item.tokenId), item.standard, sources)),
    }),
    METADATA_CONCURRENCY,
  )
  return { decoded, tokens, nfts, watched }
}

/**
 * Keeps the events that involve a watched account: a transaction found for one account may move
 * value between others (the caller of a contract that paid the account), and those are nobody's
 * we follow.
 */
export function involvingWatched(decoded: DecodedBlocks, watched: ReadonlySet<string>): DecodedBlocks {
  const events = decoded.events.filter(
    (event) => watched.has(event.from_address) || watched.has(event.to_address),
  )
  const contracts = new Set(events.map((event) => event.contract))
  const tokens = new Map([...decoded.tokens].filter(([address]) => contracts.has(address)))
  return { transactions: decoded.transactions, events, tokens }
}
