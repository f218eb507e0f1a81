/**
 * The business constants and limits of behaviour §9 (plus the §2 timings) that the code uses, in one
 * place so the modal, the services and the tests agree on the numbers. A feature still to come
 * brings its own.
 */

/** View transition, header text, modal height and the shake when closing is refused (behaviour §2). */
export const ANIMATION_MS = { view: 150, headerText: 120, modalHeight: 150, shake: 500 } as const

export const TOAST_REOPEN_MS = 150
export const TOAST_AUTO_CLOSE_MS = 2500
/** Error toasts stay long enough to read a sentence twice. */
export const TOAST_ERROR_CLOSE_MS = 8000

export const RECENT_WALLETS_MAX = 2

/**
 * The wallet list (behaviour §9): a page of the all-wallets grid, the Connect view's recommended
 * row, the most results a search shows (also the most `entries` the services answer at once) and
 * the pause in typing after which a search is sent.
 */
export const WALLET_LIST = { pageSize: 40, recommended: 4, searchMax: 100, searchDelayMs: 300 } as const

export const CACHE_EXPIRY_MS = {
  portfolio: 30_000,
  nativeBalance: 30_000,
  identity: 5 * 60_000,
} as const

/**
 * A balance fetch still unanswered after this long counts as failed: the spinner gives way to a
 * sentence and Retry instead of turning while the chain or the services do not answer.
 */
export const BALANCE_LOAD_TIMEOUT_MS = 15_000

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

/**
 * Where the embedded wallet's secure frame is drawn: inside the modal, over its body, so the request
 * reads as part of the one card. The modal's host element carries `host`; in its shadow root the body
 * area carries `slot`. While the frame shows there, the frame client sets `shown` on the slot and its
 * height as the `height` custom property, for the modal to make room.
 */
export const FRAME_PLACE = {
  host: 'data-portico-modal',
  slot: 'data-portico-frame-slot',
  shown: 'data-portico-frame-shown',
  height: '--portico-frame-height',
} as const

export const SOCIAL_DEFAULTS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const

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

/**
 * Swaps: the slippage a swap allows unless the user picks another, and the most the
 * services accept, in percent of the quoted amount.
 */
export const SWAP_SLIPPAGE_PERCENT = { default: 1, max: 50 } as const

/** Symbols the swap view offers as one-tap choices, when the chain has them. */
export const SWAP_SUGGESTED_TOKENS = ['ETH', 'USDC', 'USDT', 'DAI', 'WBTC', 'UNI', 'AAVE'] as const

/** Symbols the swap view's token search lists first, in this order, when the chain has them. */
export const SWAP_POPULAR_TOKENS = [
  'ETH',
  'WETH',
  'USDC',
  'USDT',
  'DAI',
  'WBTC',
  'UNI',
  'AAVE',
  'LINK',
  'ARB',
  'OP',
  'MKR',
  'LDO',
  'CRV',
  'SNX',
  'ENS',
] as const

export const DEFAULT_SERVICES_URL = 'http://127.0.0.1:3001'

/** A pairing URI is used 4 minutes and counts as expired within 10 s of its end (behaviour §4, §9). */
export const WALLETCONNECT_PAIRING_MS = { lifetime: 4 * 60_000, expiredWithin: 10_000 } as const

/**
 * How long making a pairing URI may take before the relay counts as unreachable: the SDK itself
 * retries a closed socket forever, and a visitor must see an error within seconds, not a spinner.
 */
export const WALLETCONNECT_RELAY_TIMEOUT_MS = 6_000
