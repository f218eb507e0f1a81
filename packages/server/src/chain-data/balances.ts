import { formatUnits } from 'viem'
import type { Balance } from './answers.ts'
import type { ChainBalanceReader } from './chain-balances.ts'
import { checksummed } from './checksum.ts'
import type { ChainData } from './config.ts'
import { tokensToRead } from './held-tokens.ts'
import { tokenTrust } from './token-trust.ts'

/**
 * The account's balances exactly as the chain says them now: native first, then every ERC-20 it
 * may hold (held-tokens.ts) that has a balance, all read in one round trip (chain-balances.ts).
 * Empty balances are left out, and so are tokens without decimals (zero-decimal points, NFTs).
 */
export async function balancesOf(
  chain: ChainData,
  reader: ChainBalanceReader,
  address: string,
): Promise<Balance[]> {
  const tokens = await tokensToRead(chain, address)
  const read = await reader.read(
    address,
    tokens.map((token) => token.address),
  )
  const { name, symbol, decimals } = chain.config.nativeCurrency
  const balances = [toBalance(chain, { name, symbol, decimals, balance: read.native })]
  const held = tokens
    .map((token) => ({ ...token, balance: read.tokens.get(token.address) ?? 0n }))
    .filter((token) => token.balance > 0n)
    .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : a.address < b.address ? -1 : 1))
  for (const token of held) balances.push(toBalance(chain, token))
  return balances
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
