import { sql } from 'kysely'
import { preparedAs } from '../db/prepared-statements.ts'
import type { ChainData } from './config.ts'

/** An ERC-20 whose balance is read for an account, with what the answer shows of it. */
export interface TokenToRead {
  /** Lower case. */
  address: string
  name: string
  symbol: string
  /** At least 1: a token without decimals (zero-decimal points, NFTs, broken contracts) is not shown. */
  decimals: number
}

const TOKENS_TO_READ = sql.raw(preparedAs('tokens_to_read'))

interface TokenRow {
  address: string
  name: string | null
  symbol: string | null
  decimals: number | null
}

/**
 * The ERC-20s whose balance `address` may hold: every one it sent or received in the indexed
 * events, and every ERC-20 of the operator's token list for this chain, which covers tokens it got
 * before the index begins (or without a Transfer event at all). Name, symbol and decimals come
 * from what the indexer read off the contract, else from the token list. Tokens without decimals
 * are left out before any call is made.
 */
export async function tokensToRead(chain: ChainData, address: string): Promise<TokenToRead[]> {
  const { chainId, tokenList } = chain.config
  const listed = new Map(
    tokenList.filter((token) => token.chainId === chainId).map((token) => [token.address, token]),
  )
  // The list's addresses as one parameter, so the statement's text (and its plan) stays the same.
  const { rows } = await sql<TokenRow>`${TOKENS_TO_READ}
    with candidates as (
      select contract as address from chain_events
        where chain_id = ${chainId} and from_address = ${address} and kind = 'erc20'
      union
      select contract from chain_events
        where chain_id = ${chainId} and to_address = ${address} and kind = 'erc20'
      union
      select unnest(string_to_array(${[...listed.keys()].join(',')}, ','))
    )
    select candidates.address, tok.name, tok.symbol, tok.decimals
    from candidates
    left join chain_tokens tok on tok.chain_id = ${chainId} and tok.address = candidates.address`.execute(
    chain.database.db,
  )
  const tokens: TokenToRead[] = []
  for (const row of rows) {
    const entry = listed.get(row.address)
    // An indexed token always has a chain_tokens row; a listed one never seen has only the list's.
    const known = row.name !== null && row.symbol !== null
    const name = known ? row.name : entry?.name
    const symbol = known ? row.symbol : entry?.symbol
    const decimals = row.decimals ?? entry?.decimals
    if (name == null || symbol == null || !decimals) continue
    tokens.push({ address: row.address, name, symbol, decimals })
  }
  return tokens
}
