/**
 * The error catalogue (behaviour §8). Every user-visible error text lives here, exactly as the spec
 * writes it, so the modal, the services and the tests all say the same words.
 */

export const ErrorText = {
  PROJECT_ID_NOT_DEFINED: 'Project ID is not defined',
  TOKEN_BALANCE_UNAVAILABLE: 'Token Balance Unavailable',
  NETWORK_NOT_SUPPORTED_FOR_GAS_PRICE: 'Network not supported for Gas Price',
  NETWORK_NOT_SUPPORTED_FOR_SWAPS: 'Network not supported for Swaps',
  UNSUPPORTED_CHAIN: 'Unsupported chain',
  FAILED_TO_DISCONNECT: 'Failed to disconnect',
  FAILED_TO_FETCH_TRANSACTIONS: 'Failed to fetch transactions',
  AUTH_INIT_FAILED: 'A problem occurred while trying initialize authentication',
  SIGNATURE_DECLINED: 'Signature declined',
  SMART_ACCOUNTS_UNSUPPORTED: 'This application might not support Smart Accounts',
  SIWX_NOT_ENABLED: 'SIWX is not enabled',
  NO_ACTIVE_CAIP_ADDRESS: 'No ActiveCaipAddress found',
  NO_ACTIVE_CAIP_NETWORK: 'No ActiveCaipNetwork or client found',
  NO_CONNECTION_CLIENT: 'No ConnectionController client found',
  TRANSACTIONS_NEED_ADDRESS: "Transactions can't be fetched without an accountAddress",
  SEND_NEEDS_AMOUNT_AND_RECEIVER: 'An amount and receiver address are required',
  SEND_NEEDS_TOKEN: 'A token is required',
  RPC_NOT_ALLOWED: 'Requested RPC call is not allowed',
  FRAME_ERROR: 'An error occurred',
  FRAME_LOAD_FAILED: 'Unable to load email login dependency',
  ADAPTER_NOT_FOUND: 'Adapter not found',
  WALLETCONNECT_CONNECTOR_NOT_FOUND: 'WalletConnectConnector not found',
  CHAIN_NOT_SUPPORTED: 'Chain is not supported',
  UNKNOWN_ERROR: 'Unknown error',
  SIWE_CONFIG_CONFLICT: 'Cannot set both `siweConfig` and `siwx` options',
  NO_NETWORKS: 'At least one network is required',
  SEVERAL_NETWORKS: 'Portico supports exactly one network',
  NETWORK_NOT_WAGMI_CHAIN:
    "Portico's network must be the first chain of the wagmi config, the chain its connectors use: put the same chain in `networks` and first in wagmi's `chains`",
} as const

/** `Please try again after {n} seconds` — the e-mail cooldown toast ("1 second" when it is one). */
export function tryAgainAfter(seconds: number): string {
  return `Please try again after ${secondsText(seconds)}`
}

/** `1 second`, `12 seconds`: a whole number of seconds, rounded up, said as a person would. */
export function secondsText(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds))
  return `${whole} ${whole === 1 ? 'second' : 'seconds'}`
}

/** Messages the services answer with; the client maps them to alerts. */
export const ServerErrorText = {
  ORIGIN_NOT_ALLOWED: 'Unauthorized: origin not allowed',
  INVALID_KEY: 'Unauthorized: invalid key',
} as const

type AlertKind = 'iframe_load_failed' | 'iframe_request_timeout' | 'unverified_domain'

export interface Alert {
  shortMessage: string
  longMessage: string
  kind?: AlertKind
}

export const Alerts = {
  INVALID_APP_CONFIGURATION: {
    shortMessage: 'Invalid App Configuration',
    longMessage: 'Origin not allowed for this project ID - add it to the project’s allowed origins',
    kind: 'unverified_domain',
  },
  IFRAME_LOAD_FAILED: {
    shortMessage: 'Can’t reach the login service',
    longMessage: 'Try again in a moment.',
    kind: 'iframe_load_failed',
  },
  IFRAME_REQUEST_TIMEOUT: {
    shortMessage: 'Embedded Wallet Request Timed Out',
    longMessage: 'There was an issue with the embedded wallet request. Please try again.',
    kind: 'iframe_request_timeout',
  },
  SESSION_EXPIRED: {
    shortMessage: 'Session Expired',
    longMessage: 'Invalid session - check your device’s time settings and reconnect',
  },
} as const satisfies Record<string, Alert>

/** EIP-1193 provider error codes. */
export const ProviderErrorCode = {
  USER_REJECTED: 4001,
  UNAUTHORIZED: 4100,
  UNSUPPORTED_METHOD: 4200,
  DISCONNECTED: 4900,
  CHAIN_DISCONNECTED: 4901,
  SWITCH_CHAIN_FAILED: 4902,
} as const

/** JSON-RPC 2.0 and EIP-1474 codes. */
export const JsonRpcErrorCode = {
  INVALID_REQUEST: -32600,
  INVALID_PARAMS: -32602,
  RESOURCE_UNAVAILABLE: -32002,
  TRANSACTION_REJECTED: -32003,
} as const

/** EIP-5792's code for a user who refused a call batch. */
export const WALLET_CALL_USER_REJECTED = 5000

export type ErrorCategory = 'INTERNAL_SDK_ERROR' | 'SECURE_SITE_ERROR' | 'API_ERROR' | 'WALLET_ERROR'

/** An error with the category it is reported under (default INTERNAL_SDK_ERROR). */
export class PorticoError extends Error {
  readonly category: ErrorCategory
  readonly code: number | undefined
  constructor(message: string, options: { category?: ErrorCategory; code?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.name = 'PorticoError'
    this.category = options.category ?? 'INTERNAL_SDK_ERROR'
    this.code = options.code
  }
}

/**
 * The generic parse rule: a string as it is, else the first validation issue's message
 * (zod-like `issues`), else the Error message, else `Unknown error`.
 */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error
  if (typeof error === 'object' && error !== null) {
    const issues = (error as { issues?: unknown }).issues
    if (Array.isArray(issues) && issues.length > 0) {
      const first = issues[0] as { message?: unknown }
      if (typeof first?.message === 'string' && first.message) return first.message
    }
    const message = (error as { message?: unknown }).message
    if (typeof message === 'string' && message) return message
  }
  return ErrorText.UNKNOWN_ERROR
}

/** Wraps anything thrown into a PorticoError with a category, keeping the original as `cause`. */
export function toPorticoError(error: unknown, category: ErrorCategory = 'INTERNAL_SDK_ERROR'): PorticoError {
  if (error instanceof PorticoError) return error
  const code =
    typeof (error as { code?: unknown })?.code === 'number' ? (error as { code: number }).code : undefined
  return new PorticoError(errorMessage(error), { category, code, cause: error })
}

/** A wallet's answer counts as the user saying no for 4001 and EIP-5792's 5000. */
export function isUserRejection(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code
    if (code === ProviderErrorCode.USER_REJECTED || code === WALLET_CALL_USER_REJECTED) return true
    const name = (current as { name?: unknown }).name
    if (name === 'UserRejectedRequestError') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
