import type { Nft } from '@portico/core/shared'
import { sql } from 'kysely'
import { checksummed } from './checksum.ts'
import type { ChainData } from './config.ts'
import { decodeCursor, encodeCursor, NftCursor } from './cursor.ts'

interface Row {
  contract: string
  token_id: string
  name: string | null
  image: string | null
  collection_name: string | null
  collection_symbol: string | null
}

/**
 * The NFTs an account holds now, by contract and token id: an ERC-721 token whose latest transfer
 * went to the account, and ERC-1155 ids it received more of than it sent. Spam is included with
 * its flag, so the client decides what to hide.
 */
export async function nftPage(
  chain: ChainData,
  address: string,
  cursor: string | undefined,
  limit: number,
): Promise<{ data: Nft[]; next: string | null }> {
  const after = cursor === undefined ? { c: '', t: '-1' } : decodeCursor(NftCursor, cursor)
  const chainId = chain.config.chainId
  const { rows } = await sql<Row>`
    with owned as (
      select contract, token_id from (
        select distinct on (e.contract, e.token_id) e.contract, e.token_id, e.to_address
        from chain_events e
        where e.chain_id = ${chainId} and e.kind = 'erc721' and (e.contract, e.token_id) in (
          select contract, token_id from chain_events
          where chain_id = ${chainId} and kind = 'erc721' and to_address = ${address}
        )
        order by e.contract, e.token_id, e.block_number desc, e.log_index desc
      ) latest
      where to_address = ${address}
      union all
      select contract, token_id from chain_events
      where chain_id = ${chainId} and kind = 'erc1155' and (to_address = ${address} or from_address = ${address})
      group by contract, token_id
      having sum(case when to_address = ${address} then amount else 0 end)
        > sum(case when from_address = ${address} then amount else 0 end)
    )
    select o.contract, o.token_id::text as token_id, n.name, n.image,
      tok.name as collection_name, tok.symbol as collection_symbol
    from owned o
    left join chain_nft_items n on n.chain_id = ${chainId} and n.contract = o.contract and n.token_id = o.token_id
    left join chain_tokens tok on tok.chain_id = ${chainId} and tok.address = o.contract
    where (o.contract, o.token_id) > (${after.c}, ${after.t}::numeric)
    order by o.contract, o.token_id
    limit ${limit + 1}`.execute(chain.database.db)
  const shown = rows.slice(0, limit)
  const last = shown.at(-1)
  return {
    data: shown.map((row) => ({
      contract: checksummed(row.contract),
      tokenId: row.token_id,
      name: row.name ?? `${row.collection_name ?? ''} #${row.token_id}`.trim(),
      collection: { name: row.collection_name ?? '', symbol: row.collection_symbol ?? '' },
      image: row.image ?? '',
      isSpam: chain.config.spamCollections.includes(row.contract),
    })),
    next: rows.length > limit && last ? encodeCursor({ c: last.contract, t: last.token_id }) : null,
  }
}
