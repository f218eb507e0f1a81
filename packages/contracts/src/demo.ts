// What the demo chain holds: the tokens and collections, who starts with what, and a history of
// transfers between dev accounts 0–3 that fills the account views with realistic activity.

export type TokenKey = 'USDC' | 'DAI' | 'WETH' | 'POINTS'

export const DEMO_TOKENS: Record<TokenKey, { name: string; symbol: string; decimals: number }> = {
  USDC: { name: 'USD Coin', symbol: 'USDC', decimals: 6 },
  DAI: { name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18 },
  WETH: { name: 'Wrapped Ether', symbol: 'WETH', decimals: 18 },
  POINTS: { name: 'Portico Points', symbol: 'POINTS', decimals: 0 },
}

export const TOKEN_KEYS = Object.keys(DEMO_TOKENS) as TokenKey[]

// The descriptions go into the on-chain JSON verbatim, so they must not contain quotes.
export const DEMO_COLLECTIONS = {
  collection: {
    name: 'Portico Orbs',
    symbol: 'ORB',
    description: 'Generative orbs, minted on the Portico demo chain. Artwork and metadata live on chain.',
  },
  spam: {
    name: 'Free Airdrop Claim',
    symbol: 'SPAM',
    description:
      'Congratulations! You are eligible for 5,000 USDC. Visit claim-rewards.example to claim now.',
  },
} as const

/** The dev account that deploys the demo contracts, and so is the only one that can mint. */
export const DEMO_DEPLOYER_INDEX = 8
/** The dev account that deploys the spam collection and airdrops it unasked. */
export const DEMO_SPAMMER_INDEX = 9

/** Opening balances, whole units, of dev accounts 0–4 in that order. */
export const DEMO_FUNDING: Record<TokenKey, readonly string[]> = {
  USDC: ['25000', '8000', '3500', '1200', '640'],
  DAI: ['12000', '4000', '2000', '900', '300'],
  WETH: ['8.5', '3', '1.25', '0.8', '0.2'],
  POINTS: ['150000', '40000', '12000', '5000', '1000'],
}

/** The dev account that receives each ORB at setup; token ids count up from 1. */
export const ORB_OWNERS: readonly number[] = [0, 0, 0, 1]

export type HistoryEntry = { daysAgo: number } & (
  | { kind: 'eth'; from: number; to: number; amount: string }
  | { kind: 'token'; token: TokenKey; from: number; to: number; amount: string }
  | { kind: 'approve'; token: TokenKey; owner: number; spender: number; amount: string }
  | { kind: 'pull'; token: TokenKey; spender: number; owner: number; amount: string }
  | { kind: 'nft'; from: number; to: number; tokenId: number }
  | { kind: 'airdrop'; to: number }
)

/** Oldest first; the fractions spread the transactions over different times of day. */
export const DEMO_HISTORY: readonly HistoryEntry[] = [
  { daysAgo: 418.6, kind: 'eth', from: 1, to: 0, amount: '1.5' },
  { daysAgo: 391.2, kind: 'token', token: 'USDC', from: 0, to: 2, amount: '1200' },
  { daysAgo: 352.8, kind: 'eth', from: 0, to: 1, amount: '0.25' },
  { daysAgo: 301.4, kind: 'token', token: 'DAI', from: 3, to: 0, amount: '250' },
  { daysAgo: 262.7, kind: 'approve', token: 'USDC', owner: 0, spender: 1, amount: '500' },
  { daysAgo: 259.3, kind: 'pull', token: 'USDC', spender: 1, owner: 0, amount: '200' },
  { daysAgo: 221.5, kind: 'token', token: 'WETH', from: 0, to: 3, amount: '0.5' },
  { daysAgo: 183.1, kind: 'token', token: 'USDC', from: 2, to: 0, amount: '300' },
  { daysAgo: 141.9, kind: 'nft', from: 0, to: 1, tokenId: 3 },
  { daysAgo: 99.4, kind: 'token', token: 'POINTS', from: 1, to: 0, amount: '5000' },
  { daysAgo: 76.2, kind: 'token', token: 'DAI', from: 0, to: 3, amount: '50' },
  { daysAgo: 58.7, kind: 'airdrop', to: 0 },
  { daysAgo: 41.3, kind: 'nft', from: 1, to: 0, tokenId: 4 },
  { daysAgo: 19.8, kind: 'eth', from: 0, to: 2, amount: '0.1' },
  { daysAgo: 8.6, kind: 'token', token: 'WETH', from: 3, to: 0, amount: '0.05' },
  { daysAgo: 3.2, kind: 'token', token: 'USDC', from: 0, to: 1, amount: '42.5' },
]

/**
 * The demo's swap pools (Uniswap V2, development chain only): each priced token is paired with
 * WETH at its USD price against ETH's, with `depthEth` ether on the WETH side, so a swap of a few
 * ether moves the price by a fraction of a percent as on a busy pool.
 */
export const DEMO_POOLS: {
  depthEth: number
  ethUsd: number
  tokenPricesUsd: Readonly<Record<string, number>>
} = { depthEth: 1_000, ethUsd: 3_000, tokenPricesUsd: { USDC: 1, DAI: 1 } }

/** The demo tokens that get a pool; WETH and POINTS are stand-ins the account views show, not swapped. */
export const DEMO_POOL_TOKENS: readonly TokenKey[] = ['USDC', 'DAI']
