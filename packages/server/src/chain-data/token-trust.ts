import type { ChainData } from './config.ts'
import { listedToken } from './token-list.ts'

type ChainConfig = ChainData['config']

export interface TokenTrust {
  /** The native coin, or a token on the operator's token list at this address. */
  verified: boolean
  /** USD per whole token; 0 for a token nobody priced. */
  price: number
  /** '' when neither the operator's icons nor the token list give one. */
  iconUrl: string
}

/**
 * Price, icon and verified mark of the native coin (`address` undefined) or of the token at
 * `address`. Only the address counts: an address key of the price or icon table applies to that
 * contract; a symbol key applies to the native coin and to the token list's entry at that address,
 * by the list's symbol, never the one the contract reports, so a stranger's "USDC" is worth 0 and
 * gets no USDC icon.
 */
export function tokenTrust(config: ChainConfig, address: string | undefined): TokenTrust {
  if (address === undefined) {
    const symbol = config.nativeCurrency.symbol.toUpperCase()
    return { verified: true, price: config.prices[symbol] ?? 0, iconUrl: config.tokenIcons[symbol] ?? '' }
  }
  const key = address.toLowerCase()
  const listed = listedToken(config.tokenList, config.chainId, key)
  const symbol = listed?.symbol.toUpperCase()
  return {
    verified: listed !== undefined,
    price: config.prices[key] ?? (symbol === undefined ? undefined : config.prices[symbol]) ?? 0,
    iconUrl:
      config.tokenIcons[key] ??
      (symbol === undefined ? undefined : config.tokenIcons[symbol]) ??
      listed?.logoURI ??
      '',
  }
}
