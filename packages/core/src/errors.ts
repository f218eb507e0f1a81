/**
 * The error catalogue (SPEC §8). Every user-visible error text lives here, exactly as the spec
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
  AUTHENTICATING: 'Authenticating...',
  SIWX_NOT_ENABLED: 'SIWX is not enabled',
  NO_ACTIVE_CAIP_ADDRESS: 'No ActiveCaipAddress found',
  NO_ACTIVE_CAIP_NETWORK: 'No ActiveCaipNetwork or client found',
  NO_CONNECTION_CLIENT: 'No ConnectionController client found',
  TRANSACTIONS_NEED_ADDRESS: "Transactions can't be fetched without an accountAddress",
  SEND_NEEDS_AMOUNT_AND_RECEIVER: 'An amount and receiver address are required',
  SEND_NEEDS_TOKEN: 'A token is required',
  RPC_NOT_ALLOWED: 'Requested RPC call is not allowed',
  ACTION_NOT_ALLOWED: 'Action not allowed',
  FRAME_ERROR: 'An error occurred',
  REQUEST_ABORTED: 'Request was aborted',
  SOMETHING_WENT_WRONG: 'Something went wrong',
  FRAME_LOAD_FAILED: 'Unable to load email login dependency',
  ADAPTER_NOT_FOUND: 'Adapter not found',
  CAIP_NETWORK_NOT_FOUND: 'CaipNetwork not found',
  CHAIN_NOT_SUPPORTED: 'Chain is not supported',
  WALLETCONNECT_CONNECTOR_NOT_FOUND: 'WalletConnectConnector not found',
  UNKNOWN_ERROR: 'Unknown error',
  SIWE_CONFIG_CONFLICT: 'Cannot set both `siweConfig` and `siwx` options',
  NO_NETWORKS: 'At least one network is required',
  SEVERAL_NETWORKS: 'Portico supports exactly one network',
} as const

export type ErrorTextKey = keyof typeof ErrorText

/** `Please try again after {n} seconds` — the e-mail cooldown toast. */
export function tryAgainAfter(seconds: number): string {
  return `Please try again after ${Math.max(0, Math.ceil(seconds))} seconds`
}

/** Messages the services answer with; the client maps them to alerts. */
export const ServerErrorText = {
  ORIGIN_NOT_ALLOWED: 'Unauthorized: origin not allowed',
  JWT_NOT_YET_VALID: 'JWT validation error: JWT Token is not yet valid',
  INVALID_KEY: 'Unauthorized: invalid key',
} as const

export type AlertKind = 'iframe_load_failed' | 'iframe_request_timeout' | 'unverified_domain'

export interface Alert {
  shortMessage: string
  longMessage: string
  kind?: AlertKind
}

export const Alerts = {
  NETWORK_NOT_FOUND: {
    shortMessage: 'Network Not Found',
    longMessage: 'Network not found - please make sure it is included in the networks of the configuration',
  },
  INVALID_APP_CONFIGURATION: {
    shortMessage: 'Invalid App Configuration',
    longMessage: 'Origin not allowed for this project ID - add it to the project’s allowed origins',
    kind: 'unverified_domain',
  },
  IFRAME_LOAD_FAILED: {
    shortMessage: 'Network Error - Could not load embedded wallet',
    longMessage: 'There was an issue loading the embedded wallet. Please try again later.',
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
  PROJECT_ID_NOT_CONFIGURED: {
    shortMessage: 'Project ID Not Configured',
    longMessage: 'Project ID not configured - set projectId in createPortico',
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
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  INVALID_INPUT: -32000,
  RESOURCE_NOT_FOUND: -32001,
  RESOURCE_UNAVAILABLE: -32002,
  TRANSACTION_REJECTED: -32003,
  METHOD_NOT_SUPPORTED: -32004,
  LIMIT_EXCEEDED: -32005,
  VERSION_NOT_SUPPORTED: -32006,
} as const

/** EIP-5792 wallet call codes; 5000 is treated as a user rejection. */
export const WalletCallErrorCode = {
  USER_REJECTED: 5000,
  UNSUPPORTED_NON_OPTIONAL_CAPABILITY: 5700,
  UNSUPPORTED_CHAIN: 5710,
  DUPLICATE_BUNDLE_ID: 5720,
  UNKNOWN_BUNDLE_ID: 5730,
  BUNDLE_TOO_LARGE: 5740,
  ATOMIC_READY_UPGRADE_REJECTED: 5750,
  ATOMICITY_NOT_SUPPORTED: 5760,
} as const

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
    if (code === ProviderErrorCode.USER_REJECTED || code === WalletCallErrorCode.USER_REJECTED) return true
    const name = (current as { name?: unknown }).name
    if (name === 'UserRejectedRequestError') return true
    current = (current as { cause?: unknown }).cause
  }
  return /user rejected|user denied/i.test(errorMessage(error))
}

export type NodeErrorKind =
  | 'execution_reverted'
  | 'fee_cap_too_high'
  | 'fee_cap_too_low'
  | 'nonce_too_high'
  | 'nonce_too_low'
  | 'nonce_max'
  | 'insufficient_funds'
  | 'intrinsic_gas_too_high'
  | 'intrinsic_gas_too_low'
  | 'transaction_type_not_supported'
  | 'tip_above_fee_cap'

const NODE_ERROR_PATTERNS: ReadonlyArray<readonly [NodeErrorKind, RegExp]> = [
  ['execution_reverted', /execution reverted|revert/i],
  ['fee_cap_too_high', /max fee per gas higher than|fee cap too high/i],
  ['fee_cap_too_low', /max fee per gas less than block base fee|fee cap too low|transaction is outdated/i],
  ['nonce_too_high', /nonce too high/i],
  ['nonce_too_low', /nonce too low|transaction already imported|already known/i],
  ['nonce_max', /nonce has max value/i],
  ['insufficient_funds', /insufficient funds|exceeds transaction sender account balance/i],
  ['intrinsic_gas_too_high', /intrinsic gas too high|gas limit reached/i],
  ['intrinsic_gas_too_low', /intrinsic gas too low/i],
  ['transaction_type_not_supported', /transaction type not valid|transaction type not supported/i],
  ['tip_above_fee_cap', /max priority fee per gas higher than max fee per gas|tip higher than fee cap/i],
]

/** Recognises an Ethereum node's error by its message (SPEC §8 "Node errors"). */
export function classifyNodeError(message: string): NodeErrorKind | undefined {
  return NODE_ERROR_PATTERNS.find(([, pattern]) => pattern.test(message))?.[0]
}
