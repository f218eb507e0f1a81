import { sql } from 'kysely'
import { formatUnits } from 'viem'
import { preparedAs } from '../db/prepared-statements.ts'
import { nativeHistoryFrom } from '../indexer/backfill-store.ts'
import type { EventKind } from '../indexer/tables.ts'
import type { Transaction, Transfer } from './answers.ts'
import { checksummed } from './checksum.ts'
import type { ChainData } from './config.ts'
import { decodeCursor, encodeCursor, HistoryCursor, MAX_TX_INDEX } from './cursor.ts'
import { classifyOperation, directionOf, partiesOf } from './operation-type.ts'
import { tokenTrust } from './token-trust.ts'

interface Row {
  hash: string
  block_number: string
  tx_index: number
  from_address: string
  to_address: string | null
  value: string
  nonce: string
  status: 'confirmed' | 'failed'
  mined_at: Date
  events: EventJson[]
}

interface EventJson {
  kind: EventKind
  contract: string | null
  from: string
  to: string
  tokenId: string | null
  amount: string
  name: string | null
  symbol: string | null
  decimals: number | null
  nftName: string | null
  image: string | null
}

const HISTORY_PAGE = sql.raw(preparedAs('history_page'))
const NO_CURSOR: HistoryCursor = { b: Number.MAX_SAFE_INTEGER, i: MAX_TX_INDEX }

/**
 * One page of an account's transactions, newest first, in one statement: `limit + 1` rows of the
 * account's activity index after the cursor, then each transaction with the movements that involve
 * the account aggregated as JSON.
 */
export async function historyPage(
  chain: ChainData,
  address: string,
  cursor: string | undefined,
  limit: number,
): Promise<{ data: Transaction[]; next: string | null; nativeHistoryFrom: string | null }> {
  const { b, i } = cursor === undefined ? NO_CURSOR : decodeCursor(HistoryCursor, cursor)
  const chainId = chain.config.chainId
  const take = limit + 1
  const { rows } = await sql<Row>`${HISTORY_PAGE}
    with page as (
      select block_number, tx_index, tx_hash as hash from chain_account_activity
      where chain_id = ${chainId} and address = ${address} and (block_number, tx_index) < (${b}, ${i})
      order by block_number desc, tx_index desc limit ${take}
    )
    select t.hash, t.block_number::text as block_number, t.tx_index, t.from_address, t.to_address,
      t.value::text as value, t.nonce::text as nonce, t.status, t.mined_at,
      coalesce((
        select json_agg(json_build_object(
          'kind', e.kind, 'contract', e.contract, 'from', e.from_address, 'to', e.to_address,
          'tokenId', e.token_id::text, 'amount', e.amount::text, 'name', tok.name, 'symbol', tok.symbol,
          'decimals', tok.decimals, 'nftName', n.name, 'image', n.image
        ) order by e.log_index, e.sub_index)
        from chain_events e
        left join chain_tokens tok on tok.chain_id = e.chain_id and tok.address = e.contract
        left join chain_nft_items n
          on n.chain_id = e.chain_id and n.contract = e.contract and n.token_id = e.token_id
        where e.chain_id = ${chainId} and e.tx_hash = t.hash
          and (e.from_address = ${address} or e.to_address = ${address})
      ), '[]'::json) as events
    from page p
    -- lateral: one primary-key lookup per row of the page, never a scan of all transactions.
    -- Columns by name: a prepared statement fails once a table it reads with * gains a column.
    cross join lateral (
      select hash, block_number, tx_index, from_address, to_address, value, nonce, status, mined_at
      from chain_transactions where chain_id = ${chainId} and hash = p.hash
    ) t
    order by p.block_number desc, p.tx_index desc`.execute(chain.database.db)

  const shown = rows.slice(0, limit)
  const last = shown.at(-1)
  const nativeFrom = await nativeHistoryFrom(chain.database.db, chainId, address)
  return {
    nativeHistoryFrom: nativeFrom?.toISOString() ?? null,
    data: shown.map((row) => toTransaction(chain, address, row)),
    next:
      rows.length > limit && last ? encodeCursor({ b: Number(last.block_number), i: last.tx_index }) : null,
  }
}

function toTransaction(chain: ChainData, address: string, row: Row): Transaction {
  const classified = {
    address,
    txFrom: row.from_address,
    txTo: row.to_address,
    value: BigInt(row.value),
    movements: row.events,
  }
  const operationType = classifyOperation(classified)
  const parties = partiesOf(classified, operationType)
  return {
    id: `${row.hash}:${chain.config.chainId}`,
    hash: row.hash,
    metadata: {
      minedAt: new Date(row.mined_at).toISOString(),
      chain: chain.caipNetworkId,
      operationType,
      status: row.status,
      sentFrom: checksummed(parties.from),
      sentTo: parties.to ? checksummed(parties.to) : '',
      nonce: Number(row.nonce),
    },
    transfers: row.events
      .filter((event) => event.kind !== 'approval')
      .map((event) => toTransfer(chain, address, event)),
  }
}

function toTransfer(chain: ChainData, address: string, event: EventJson): Transfer {
  const direction = directionOf(address, event)
  if (event.kind === 'erc721' || event.kind === 'erc1155') {
    const contract = event.contract ?? ''
    return {
      direction,
      quantity: { numeric: event.amount },
      nft_info: {
        name: event.nftName ?? `${event.name ?? ''} #${event.tokenId}`.trim(),
        content: { preview: { url: event.image ?? '' } },
        flags: { is_spam: chain.config.spamCollections.includes(contract) },
        token_id: event.tokenId ?? '',
        contract: contract && checksummed(contract),
      },
    }
  }
  const native = event.kind === 'native'
  const { name, symbol, decimals } = native
    ? chain.config.nativeCurrency
    : {
        name: event.name ?? '',
        symbol: event.symbol ?? '',
        decimals: event.decimals ?? 0,
      }
  const numeric = formatUnits(BigInt(event.amount), decimals)
  const { verified, price, iconUrl } = tokenTrust(chain.config, native ? undefined : (event.contract ?? ''))
  return {
    direction,
    quantity: { numeric, decimals },
    fungible_info: { name, symbol, icon: { url: iconUrl }, verified },
    value: Number(numeric) * price,
    price,
  }
}
