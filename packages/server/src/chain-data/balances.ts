import { sql } from 'kysely'
import { type Address, formatUnits } from 'viem'
import { preparedAs } from '../db/prepared-statements.ts'
import type { Balance } from './answers.ts'
import { checksummed } from './checksum.ts'
import type { ChainData } from './config.ts'
import { askNode } from './node.ts'
import { tokenTrust } from './token-trust.ts'

/** How long a native balance read from the node is reused; `forceUpdate` skips it. */
const NATIVE_TTL_MS = 2_000
const NATIVE_CACHE_LIMIT = 10_000

/**
 * The account's balances: native first (read from the node, since gas makes it underivable from
 * transfers), then every ERC-20 it holds, from the balances the indexer keeps, in one statement.
 * Tokens without decimals (zero-decimal points, NFTs) and empty balances are left out.
 */
export async function balancesOf(
  chain: ChainData,
  address: string,
  nativeCache: NativeBalanceCache,
  forceUpdate: boolean,
): Promise<Balance[]> {
  const [native, tokens] = await Promise.all([
    nativeCache.read(chain, address, forceUpdate),
    tokenBalances(chain, address),
  ])
  const { name, symbol, decimals } = chain.config.nativeCurrency
  const balances = [toBalance(chain, { name, symbol, decimals, balance: native })]
  for (const token of tokens) balances.push(toBalance(chain, { ...token, balance: BigInt(token.balance) }))
  return balances
}

const TOKEN_BALANCES = sql.raw(preparedAs('token_balances'))

interface TokenRow {
  address: string
  name: string
  symbol: string
  decimals: number
  balance: string
}

async function tokenBalances(chain: ChainData, address: string): Promise<TokenRow[]> {
  const chainId = chain.config.chainId
  const { rows } = await sql<TokenRow>`${TOKEN_BALANCES}
    select tok.address, tok.name, tok.symbol, tok.decimals, held.balance::text as balance
    from chain_balances held
    join chain_tokens tok on tok.chain_id = held.chain_id and tok.address = held.contract
    where held.chain_id = ${chainId} and held.holder = ${address} and held.balance > 0 and tok.decimals > 0
    order by tok.symbol, tok.address`.execute(chain.database.db)
  return rows
}

function toBalance(
  chain: ChainData,
  token: { address?: string; name: string; symbol: string; decimals: number; balance: bigint },
): Balance {
  const numeric = formatUnits(token.balance, token.decimals)
  const { verified, price, iconUrl } = tokenTrust(chain.config, token.address)
  return {
    name: token.name,
    symbol: token.symbol,
    chainId: chain.caipNetworkId,
    ...(token.address ? { address: `${chain.caipNetworkId}:${checksummed(token.address)}` } : {}),
    value: Number(numeric) * price,
    price,
    quantity: { decimals: String(token.decimals), numeric },
    iconUrl,
    verified,
  }
}

/** A short per-process memo of native balances: the node is the truth, this only spares it repeats. */
export class NativeBalanceCache {
  private readonly entries = new Map<string, { at: number; balance: Promise<bigint> }>()

  read(chain: ChainData, address: string, forceUpdate: boolean): Promise<bigint> {
    const now = Date.now()
    const cached = this.entries.get(address)
    if (cached && !forceUpdate && now - cached.at < NATIVE_TTL_MS) return cached.balance
    if (this.entries.size >= NATIVE_CACHE_LIMIT) this.entries.clear()
    const balance = askNode(chain.client.getBalance({ address: address as Address }))
    this.entries.set(address, { at: now, balance })
    balance.catch(() => this.entries.delete(address))
    return balance
  }
}
