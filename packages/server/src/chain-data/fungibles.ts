import type { ParsedCaipAddress } from '@portico/core/shared'
import type { Fungible } from './answers.ts'
import { checksummed } from './checksum.ts'
import type { ChainData } from './config.ts'
import { tokenTrust } from './token-trust.ts'

/** The address wallets and swap APIs use for a chain's native currency. */
const NATIVE_PLACEHOLDER = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/**
 * Prices for the requested tokens of the served chain, from the operator's table (by address). Tokens the index
 * has never seen, and other chains, are left out rather than priced at a guess.
 */
export async function fungiblePrices(chain: ChainData, addresses: ParsedCaipAddress[]): Promise<Fungible[]> {
  const wanted = addresses.filter(
    (entry) =>
      `${entry.namespace}:${entry.chainId}` === chain.caipNetworkId &&
      /^0x[0-9a-fA-F]{40}$/.test(entry.address),
  )
  const lower = [...new Set(wanted.map((entry) => entry.address.toLowerCase()))]
  const tokens =
    lower.length === 0
      ? []
      : await chain.database.db
          .selectFrom('chain_tokens')
          .select(['address', 'name', 'symbol'])
          .where('chain_id', '=', chain.config.chainId)
          .where('address', 'in', lower)
          .where('standard', '=', 'erc20')
          .execute()
  const known = new Map(tokens.map((token) => [token.address, token]))
  const fungibles: Fungible[] = []
  for (const address of lower) {
    const token =
      address === NATIVE_PLACEHOLDER
        ? { ...chain.config.nativeCurrency, address: undefined }
        : known.get(address)
    if (!token) continue
    const { iconUrl, price } = tokenTrust(chain.config, token.address)
    fungibles.push({
      address: `${chain.caipNetworkId}:${checksummed(address)}`,
      name: token.name,
      symbol: token.symbol,
      iconUrl,
      price,
    })
  }
  return fungibles
}
