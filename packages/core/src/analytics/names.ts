/**
 * The events the modal reports (behaviour §7) and the services' dashboard counts, one list for
 * both. Names follow AppKit's where it has one (MODAL_OPEN, SELECT_WALLET, CONNECT_SUCCESS,
 * CONNECT_ERROR, SIWX_AUTH_*, SEND_*), so a dashboard built for those reads ours. Its own module,
 * apart from the client, because the first download carries these names but not the client.
 */
export const AnalyticsEventName = {
  /** The modal opened; `connected` says whether an account was already connected. */
  MODAL_OPEN: 'MODAL_OPEN',
  /** A way to connect was chosen: a browser wallet, or an e-mail address submitted. */
  SELECT_WALLET: 'SELECT_WALLET',
  CONNECT_SUCCESS: 'CONNECT_SUCCESS',
  /** A failed connect; a refusal in the wallet has the error type `declined`. */
  CONNECT_ERROR: 'CONNECT_ERROR',
  SIWX_AUTH_SUCCESS: 'SIWX_AUTH_SUCCESS',
  SIWX_AUTH_ERROR: 'SIWX_AUTH_ERROR',
  SEND_SUCCESS: 'SEND_SUCCESS',
  SEND_ERROR: 'SEND_ERROR',
  ERROR_FETCH_TRANSACTIONS: 'ERROR_FETCH_TRANSACTIONS',
} as const

/**
 * How a connection was made: `method` in SELECT_WALLET, CONNECT_SUCCESS and CONNECT_ERROR. Social
 * and Farcaster logins use the same embedded wallet as e-mail, and are counted as their own.
 */
export type ConnectMethod = 'browser' | 'email' | 'social' | 'farcaster'

/** The error type of an event whose cause is the user saying no in their wallet. */
export const DECLINED_ERROR_TYPE = 'declined'
