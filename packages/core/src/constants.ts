/**
 * Every business constant and limit of SPEC §9 (plus the §2 timings), in one place so the modal,
 * the services and the tests agree on the numbers.
 */

/** View transition, header text, modal height and the shake when closing is refused (SPEC §2). */
export const ANIMATION_MS = { view: 150, headerText: 120, modalHeight: 150, shake: 500 } as const

export const TOAST_REOPEN_MS = 150
export const TOAST_AUTO_CLOSE_MS = 2500

export const RECENT_WALLETS_MAX = 2

export const CACHE_EXPIRY_MS = {
  portfolio: 30_000,
  nativeBalance: 30_000,
  ens: 300_000,
  identity: 300_000,
} as const

/** A failed balance fetch is not retried for this long, so a broken endpoint is not hammered. */
export const BALANCE_RETRY_GUARD_MS = 30_000

/** Balances are floored to 3 decimals: showing more than the user owns would be a lie. */
export const BALANCE_DISPLAY_DECIMALS = 3
export const TOKEN_VALUE_DECIMALS = 2

export const MODAL_DEFAULTS = {
  width: 360,
  zIndex: 999,
  themeMode: 'dark',
  fontSizeMaster: '10px',
  borderRadius: '4px',
  fontFamily:
    "-apple-system, system-ui, BlinkMacSystemFont, 'Segoe UI', Roboto, Ubuntu, 'Helvetica Neue', sans-serif",
} as const

export const EMAIL_LOGIN_COOLDOWN_MS = 30_000

/** The embedded-wallet frame's timings; requestTimeoutMs applies to the login messages only. */
export const FRAME = {
  loadTimeoutMs: 20_000,
  requestTimeoutMs: 30_000,
  signOutTimeoutMs: 3_000,
  readyDelayMs: 500,
  errorMessageDelayMs: 300,
} as const

export const WALLET_LIST = { page: 40, recommended: 4, search: 100, searchDelayMs: 300 } as const

/** Pending-transaction watching stops after this many events. */
export const PENDING_TRANSACTIONS_LIMIT = 99

export const TRANSACTION_POLLING = {
  enabledByDefault: false,
  intervalMs: 30_000,
  receiptTimeoutMs: 180_000,
  confirmationTimeoutMs: 25_000,
} as const

export const TIME_MS = {
  fourMinutes: 240_000,
  tenSeconds: 10_000,
  fiveSeconds: 5_000,
  threeSeconds: 3_000,
  oneSecond: 1_000,
} as const

/** A pairing URI lives 4 minutes and is already treated as expired in its last 10 seconds. */
export const WALLETCONNECT_PAIRING = {
  expiryMs: TIME_MS.fourMinutes,
  expiringSoonMs: TIME_MS.tenSeconds,
} as const

export const CONVERT_SLIPPAGE_TOLERANCE = 1

export const ACCOUNT_NAME_MIN_LENGTH = 4

/** Used when the on-ramp service cannot tell the real limits; decimal strings to avoid float drift. */
export const ONRAMP_FALLBACK_LIMITS = {
  currencies: ['USD', 'EUR'],
  card: { min: '10.00', max: '7500.00' },
  bank: { min: '10.00', max: '25000.00' },
} as const

export const ONRAMP_PROVIDERS = [
  { name: 'coinbase', label: 'Coinbase', feeRange: '1-2%', namespaces: ['eip155'] },
  { name: 'meld', label: 'Meld', feeRange: '1-2%', namespaces: ['eip155', 'solana'] },
] as const

export const COINBASE_PAY_CHAINS = [
  'ethereum',
  'arbitrum',
  'polygon',
  'berachain',
  'avalanche-c-chain',
  'optimism',
  'celo',
  'base',
] as const
export const COINBASE_PAY_FALLBACK_CHAIN = 'ethereum'

export const BALANCE_NAMESPACES = ['eip155', 'solana'] as const
export const NAMES_NAMESPACES = ['eip155'] as const
export const ACTIVITY_NAMESPACES = ['eip155'] as const
export const SEND_NAMESPACES = ['eip155', 'solana'] as const
export const ONRAMP_NAMESPACES = ['eip155', 'solana'] as const

export const SWAP_CHAIN_IDS = [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554] as const
export const SWAP_NETWORKS = SWAP_CHAIN_IDS.map((id) => `eip155:${id}` as const)

export const SWAP_SUGGESTED_TOKENS = [
  'ETH',
  'UNI',
  '1INCH',
  'AAVE',
  'SOL',
  'ZEC',
  'USDC',
  'USDT',
  'DAI',
  'WBTC',
  'WETH',
  'LINK',
  'ARB',
  'OP',
  'MATIC',
  'BNB',
  'AVAX',
] as const
export const SWAP_POPULAR_TOKENS = [
  'ETH',
  'USDC',
  'USDT',
  'DAI',
  'WBTC',
  'WETH',
  'UNI',
  'AAVE',
  'LINK',
  'ARB',
  'OP',
  'LDO',
  'MKR',
  'CRV',
  'SHIB',
  'PEPE',
] as const

export const SOCIAL_DEFAULTS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const

/** Where a namespace's native token sits in token lists that need an address for every entry. */
export const NATIVE_TOKEN_ADDRESS = {
  eip155: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  solana: 'So11111111111111111111111111111111111111111',
  bip122: '0x',
  polkadot: '0x',
  cosmos: '0x',
} as const

export const IMAGE_PRELOAD_TIMEOUT_MS = 2_000
export const DEBOUNCE_MS = 500

export const ERROR_TELEMETRY = { maxEvents: 5, windowMs: 60_000 } as const

/**
 * What one analytics event (`POST /e`) may carry: the services refuse more, and the SDK cuts its
 * own fields to these sizes so a long stack trace arrives shortened instead of refused.
 */
export const ANALYTICS_FIELD_LIMITS = {
  url: 2_048,
  domain: 255,
  event: 128,
  errorType: 128,
  errorMessage: 1_000,
  stackTrace: 8_000,
  propertyName: 64,
  propertyValue: 1_000,
  properties: 20,
} as const

export const DEFAULT_CAIP_NETWORK_ID = 'eip155:1'
export const DEFAULT_STORED_CHAIN_ID = 1

export const DEFAULT_LOG_LEVEL = 'error'

export const DEFAULT_SERVICES_URL = 'http://127.0.0.1:3001'

export const RPC = {
  batchSize: 1000,
  timeoutMs: 10_000,
  retryCount: 3,
  retryDelayMs: 150,
  cacheSize: 8192,
  multicallBatchSize: 1024,
  abiReadLimit: 8192,
} as const

export const RPC_FALLBACK_RANKING = {
  stabilityWeight: 0.7,
  latencyWeight: 0.3,
  sampleCount: 10,
  intervalMs: 4_000,
} as const

export const QUERY = { retry: 3, maxRetryDelayMs: 30_000, gcTimeMs: 300_000 } as const

/** Mainland China, Hong Kong and Macau zones, including the legacy IANA aliases. */
export const RESTRICTED_TIME_ZONES = [
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Kashgar',
  'Asia/Hong_Kong',
  'Asia/Macau',
  'Asia/Macao',
  'PRC',
  'Hongkong',
] as const
