/**
 * The shapes the account views read from the services (behaviour §3, §7). The services answer with
 * `Balance` and `Nft` as written here (`@portico/core/shared`); the client treats every
 * field as untrusted text that is rendered as text only.
 */

/** A token balance (behaviour §3): `address` is a CAIP-10 id, absent for the native token. */
export interface Balance {
  name: string
  symbol: string
  chainId: string
  address?: string | undefined
  /** In the requested currency (USD). */
  value: number
  price: number
  /** `decimals` is a string and `numeric` a decimal string in whole token units. */
  quantity: { decimals: string; numeric: string }
  iconUrl: string
  /**
   * False for a token the services' operator has not listed: anyone can deploy a token named
   * "USD Coin" with symbol "USDC", so its name proves nothing. Absent from other sources.
   */
  verified?: boolean | undefined
}

interface FungibleInfo {
  name?: string | undefined
  symbol?: string | undefined
  icon?: { url?: string | undefined } | undefined
  /** As `Balance.verified`. */
  verified?: boolean | undefined
}

interface NftInfo {
  name?: string | undefined
  content?: { preview?: { url?: string | undefined } | undefined } | undefined
  flags?: { is_spam?: boolean | undefined } | undefined
}

export interface TransactionTransfer {
  direction: 'in' | 'out' | 'self'
  /** `decimals`: the token's own, when the services know it (a zero-decimal token has no fraction). */
  quantity: { numeric: string; decimals?: number | undefined }
  fungible_info?: FungibleInfo | undefined
  nft_info?: NftInfo | undefined
}

export interface Transaction {
  id: string
  hash?: string | undefined
  metadata: {
    /** ISO 8601. */
    minedAt: string
    /** CAIP-2, e.g. `eip155:31337`. */
    chain: string
    operationType: string
    status: string
    sentFrom: string
    sentTo: string
  }
  transfers: TransactionTransfer[]
}

export interface TransactionsPage {
  data: Transaction[]
  next: string | null
  /**
   * ISO 8601, when the services cannot show ETH the account moved before then (their node has no
   * traces); null or absent when every ETH transfer is shown.
   */
  nativeHistoryFrom?: string | null | undefined
}

export interface Nft {
  contract: string
  tokenId: string
  name: string
  collection: { name: string; symbol: string }
  image: string
  isSpam: boolean
}

export interface NftsPage {
  data: Nft[]
  next: string | null
}

export interface GasPrice {
  standard: string
  fast: string
  instant: string
}

/** One entry of `wallet_getAssets` (behaviour §3 "Wallet asset response entry", ERC-7811). */
export interface WalletAsset {
  address: string
  /** Hex string in base units. */
  balance: string
  type: 'ERC20' | 'NATIVE'
  metadata: {
    name: string
    symbol: string
    decimals: number
    price?: number | undefined
    iconUrl?: string | undefined
    value?: number | undefined
  }
}
