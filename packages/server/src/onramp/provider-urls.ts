/**
 * The hosted checkouts of the real providers, as pure URL builders in their documented formats.
 * The services only send the visitor there; the provider takes the payment and delivers.
 */

/** Chain id → Coinbase Pay's name for the chain, and how the options show it. */
const COINBASE_NETWORKS: ReadonlyMap<number, { name: string; displayName: string }> = new Map([
  [1, { name: 'ethereum', displayName: 'Ethereum' }],
  [42161, { name: 'arbitrum', displayName: 'Arbitrum' }],
  [137, { name: 'polygon', displayName: 'Polygon' }],
  [80094, { name: 'berachain', displayName: 'Berachain' }],
  [43114, { name: 'avalanche-c-chain', displayName: 'Avalanche C-Chain' }],
  [10, { name: 'optimism', displayName: 'Optimism' }],
  [42220, { name: 'celo', displayName: 'Celo' }],
  [8453, { name: 'base', displayName: 'Base' }],
])

/** Coinbase Pay's name for the chain; a chain it does not list falls back to Ethereum, as AppKit does. */
export function coinbaseNetworkOf(chainId: number): string {
  return COINBASE_NETWORKS.get(chainId)?.name ?? 'ethereum'
}

/** The development chain's id, which Anvil (the dev stack's node) runs as. */
const DEV_CHAIN_ID = 31337

/** A chain's display name as a person reads it (`Base`, `Anvil`), never its CAIP id. */
export function chainName(chainId: number): string {
  if (chainId === DEV_CHAIN_ID) return 'Anvil'
  return COINBASE_NETWORKS.get(chainId)?.displayName ?? `Chain ${chainId}`
}

/** `eip155:8453` → `Base`; a network that is not a CAIP-2 id of an EVM chain shows as it is. */
export function networkName(caipNetworkId: string): string {
  const match = /^eip155:(\d+)$/.exec(caipNetworkId)
  return match ? chainName(Number(match[1])) : caipNetworkId
}

export interface CheckoutInput {
  /** The buyer's wallet (0x…). */
  address: string
  chainId: number
  /** Token symbol bought, e.g. ETH. */
  asset: string
  /** What the buyer pays, e.g. "100.00" and USD. */
  fiatAmount: string
  fiatCurrency: string
  /** What the quote says the buyer gets, e.g. "0.0328". */
  cryptoAmount: string
}

/**
 * Coinbase Onramp's hosted buy page. `destinationWallets` is a JSON array, URL-encoded like every
 * value here. `partnerUserId` is the buyer's address (under Coinbase's 50 characters), so their
 * purchases can be found again with Coinbase's transaction status API. `fiatCurrency` goes with
 * `presetFiatAmount`, which Coinbase reads in that currency; when both presets are given Coinbase
 * takes the crypto amount.
 */
export function coinbaseCheckoutUrl(appId: string, input: CheckoutInput): string {
  const network = coinbaseNetworkOf(input.chainId)
  const url = new URL('https://pay.coinbase.com/buy/select-asset')
  url.searchParams.set('appId', appId)
  url.searchParams.set(
    'destinationWallets',
    JSON.stringify([{ address: input.address, blockchains: [network], assets: [input.asset] }]),
  )
  url.searchParams.set('partnerUserId', input.address)
  url.searchParams.set('defaultNetwork', network)
  url.searchParams.set('presetCryptoAmount', input.cryptoAmount)
  url.searchParams.set('presetFiatAmount', input.fiatAmount)
  url.searchParams.set('fiatCurrency', input.fiatCurrency)
  url.searchParams.set('defaultExperience', 'buy')
  return url.href
}

/** Meld's suffix for a token on a chain other than Ethereum (its codes read SYMBOL_CHAIN, e.g. ETH_BASE). */
const MELD_CHAINS: ReadonlyMap<string, string> = new Map([
  ['arbitrum', 'ARBITRUM'],
  ['base', 'BASE'],
  ['optimism', 'OPTIMISM'],
  ['polygon', 'POLYGON'],
])

/** Meld's currency code for the token on the chain: the bare symbol on Ethereum (and the fallback). */
export function meldCurrencyCode(asset: string, chainId: number): string {
  const chain = MELD_CHAINS.get(coinbaseNetworkOf(chainId))
  return chain ? `${asset}_${chain}` : asset
}

/**
 * Meld's hosted widget. `externalCustomerId` is the buyer's address, Meld's key for finding their
 * purchases. `sourceAmount` and `sourceCurrencyCode` preset the fiat amount and currency the buyer
 * already chose in the modal, so the widget opens on the same purchase that was quoted.
 */
export function meldCheckoutUrl(publicKey: string, input: CheckoutInput): string {
  const url = new URL('https://meldcrypto.com')
  url.searchParams.set('publicKey', publicKey)
  url.searchParams.set('destinationCurrencyCode', meldCurrencyCode(input.asset, input.chainId))
  url.searchParams.set('walletAddress', input.address)
  url.searchParams.set('externalCustomerId', input.address)
  url.searchParams.set('sourceAmount', input.fiatAmount)
  url.searchParams.set('sourceCurrencyCode', input.fiatCurrency)
  return url.href
}
