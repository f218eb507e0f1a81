import { ErrorText, ProviderErrorCode, WALLET_CALL_USER_REJECTED } from './errors.ts'

/**
 * What a person reads when a wallet or the chain refuses something (behaviour §8): one plain
 * sentence that says what happened and what to do, never viem's `Details: … Version: …` pages.
 */
export const ReadableErrorText = {
  DECLINED: 'You declined the request in your wallet.',
  UNAUTHORIZED:
    'Your wallet has not allowed this site to use that account. Reconnect the wallet and try again.',
  UNSUPPORTED_METHOD: 'Your wallet cannot do this request.',
  DISCONNECTED: 'Your wallet is not connected to a network. Open the wallet and try again.',
  CHAIN_DISCONNECTED:
    'Your wallet is not connected to this network. Switch to it in the wallet and try again.',
  UNKNOWN_CHAIN: 'Your wallet does not know this network yet. Add it in the wallet, then try again.',
  INSUFFICIENT_FUNDS: 'Not enough funds to pay for this transaction and its network fee.',
  NONCE:
    "Your wallet's transaction count is out of step with the network. Reset the wallet's activity for this network and try again.",
  FEE_TOO_LOW: 'The network fee offered is below what the network asks right now. Try again.',
  FEE_TOO_HIGH: 'The network fee is higher than the network allows. Try again in a moment.',
  GAS: 'The transaction was offered the wrong amount of gas for what it does. Try again.',
  REVERTED: 'The network refused this transaction: the contract rejected it. Nothing was sent.',
  TRANSACTION_TYPE: 'This network does not accept the kind of transaction the wallet made.',
  PROVIDER_NOT_FOUND: 'No wallet was found in this browser.',
  SWITCH_NOT_SUPPORTED: 'This wallet cannot switch networks for the site. Switch networks in the wallet.',
  CHAIN_NOT_CONFIGURED: 'This site does not work on the network the wallet asked for.',
  NO_ANSWER: 'The network did not answer. Check your connection and try again.',
} as const

// EIP-1193 (and EIP-5792's 5000) by code; the first code found walking the causes decides.
const BY_CODE: Record<number, string> = {
  [ProviderErrorCode.USER_REJECTED]: ReadableErrorText.DECLINED,
  [WALLET_CALL_USER_REJECTED]: ReadableErrorText.DECLINED,
  [ProviderErrorCode.UNAUTHORIZED]: ReadableErrorText.UNAUTHORIZED,
  [ProviderErrorCode.UNSUPPORTED_METHOD]: ReadableErrorText.UNSUPPORTED_METHOD,
  [ProviderErrorCode.DISCONNECTED]: ReadableErrorText.DISCONNECTED,
  [ProviderErrorCode.CHAIN_DISCONNECTED]: ReadableErrorText.CHAIN_DISCONNECTED,
  [ProviderErrorCode.SWITCH_CHAIN_FAILED]: ReadableErrorText.UNKNOWN_CHAIN,
}

// The node's refusals as viem recognises them (its getNodeError), and wagmi's own, by class name.
const BY_NAME: Record<string, string> = {
  UserRejectedRequestError: ReadableErrorText.DECLINED,
  InsufficientFundsError: ReadableErrorText.INSUFFICIENT_FUNDS,
  NonceTooHighError: ReadableErrorText.NONCE,
  NonceTooLowError: ReadableErrorText.NONCE,
  NonceMaxValueError: ReadableErrorText.NONCE,
  FeeCapTooLowError: ReadableErrorText.FEE_TOO_LOW,
  TipAboveFeeCapError: ReadableErrorText.FEE_TOO_LOW,
  FeeCapTooHighError: ReadableErrorText.FEE_TOO_HIGH,
  IntrinsicGasTooHighError: ReadableErrorText.GAS,
  IntrinsicGasTooLowError: ReadableErrorText.GAS,
  ExecutionRevertedError: ReadableErrorText.REVERTED,
  ContractFunctionRevertedError: ReadableErrorText.REVERTED,
  TransactionTypeNotSupportedError: ReadableErrorText.TRANSACTION_TYPE,
  ProviderNotFoundError: ReadableErrorText.PROVIDER_NOT_FOUND,
  SwitchChainNotSupportedError: ReadableErrorText.SWITCH_NOT_SUPPORTED,
  ChainNotConfiguredError: ReadableErrorText.CHAIN_NOT_CONFIGURED,
  HttpRequestError: ReadableErrorText.NO_ANSWER,
  TimeoutError: ReadableErrorText.NO_ANSWER,
}

/**
 * The sentence for a wallet's or node's error: by EIP-1193 code or error class anywhere in its
 * cause chain (a name is matched, never the wording); otherwise the error's own short message,
 * first line only.
 */
export function readableError(error: unknown): string {
  const chain = causes(error)
  for (const current of chain) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number' && BY_CODE[code]) return BY_CODE[code]
  }
  for (const current of chain) {
    const name = (current as { name?: unknown }).name
    if (typeof name === 'string' && BY_NAME[name]) return BY_NAME[name]
  }
  const short = (error as { shortMessage?: unknown } | undefined)?.shortMessage
  const message = (error as { message?: unknown } | undefined)?.message
  const text = typeof short === 'string' && short ? short : typeof message === 'string' ? message : ''
  const firstLine = text.split('\n')[0]?.trim()
  return firstLine || (typeof error === 'string' && error) || ErrorText.UNKNOWN_ERROR
}

function causes(error: unknown): object[] {
  const found: object[] = []
  let current: unknown = error
  while (typeof current === 'object' && current !== null && found.length < 8 && !found.includes(current)) {
    found.push(current)
    current = (current as { cause?: unknown }).cause
  }
  return found
}
