/**
 * The send flow's state (behaviour §3 "Send state": token, sendTokenAmount, receiverAddress) and its
 * validation (behaviour §5), field by field. Framework-free; the wallet calls live in send-actions.ts.
 */
import { type Hash, parseUnits } from 'viem'
import { ErrorText } from '../errors.ts'
import { createStore, type Store } from '../store.ts'
import { isDecimalAmount, isValidAddress, toTransferAddress } from '../validators.ts'
import { tokenContract } from './tokens.ts'
import type { Balance } from './types.ts'

export const SendText = {
  INSUFFICIENT_FUNDS: 'Insufficient funds',
  INVALID_AMOUNT: 'Invalid amount',
  INVALID_ADDRESS: 'Invalid address',
  FEE_UNAVAILABLE: 'The network fee could not be estimated; the transfer may fail',
  FEE_SPONSORED: 'Network fee: Sponsored',
  APPROVE_IN_WALLET: 'Approve the transaction in your wallet',
  CONFIRM_IN_WALLET: 'Confirm in your wallet…',
  SENDING: 'Sending…',
  SENT: 'Transaction sent',
  DECLINED: 'Transaction declined',
} as const

/** `Not enough ETH for the network fee`, with the chain's own native symbol. */
function notEnoughForFee(symbol: string): string {
  return `Not enough ${symbol} for the network fee`
}

/**
 * What the transfer will cost, as the wallet is asked to reserve it: the gas limit and fee caps go
 * into the transaction itself, so the balance check here is the one the node makes.
 */
export interface SendFeeQuote {
  gas: bigint
  /** EIP-1559 caps; a chain without EIP-1559 gets `gasPrice` instead. */
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
  gasPrice?: bigint | undefined
  /** The fee the visitor should expect to pay (gas × the current gas price), shown in the form. */
  expectedFee: bigint
  /** The wallet's paymaster pays the gas (the embedded smart account): no fee, nothing reserved. */
  sponsored?: boolean | undefined
}

/** The most the transfer can take from the native balance for its fee. */
function feeReserve(quote: SendFeeQuote): bigint {
  if (quote.sponsored) return 0n
  return quote.gas * (quote.maxFeePerGas ?? quote.gasPrice ?? 0n)
}

/** A transfer that went through, for the done state. */
export interface SentTransfer {
  hash: Hash
  amount: string
  symbol: string
  receiverAddress: string
}

export interface SendState {
  token: Balance | undefined
  sendTokenAmount: string
  receiverAddress: string
  /** Fields the visitor has changed: a field's error shows only once it has been edited. */
  edited: { amount: boolean; receiver: boolean }
  /** The amount follows the balance less the fee reserve (Max on the native token). */
  maxed: boolean
  /** The fee for the transfer as it stands; undefined until estimated, null when the node could not. */
  quote: SendFeeQuote | null | undefined
  /** Bumped to ask for a new estimate of the same transfer (after a declined or failed send). */
  estimateRound: number
  /** The wallet prompt is open, or the transaction is being mined. */
  phase: 'idle' | 'wallet' | 'mining'
  /** Why the last attempt failed, said in the form until the visitor changes something. */
  failure: string | undefined
  /** The last transfer that was mined; the form shows its done state until "Send another". */
  sent: SentTransfer | undefined
}

export interface SendStore {
  store: Store<SendState>
  setToken(token: Balance | undefined): void
  setAmount(amount: string): void
  setReceiver(address: string): void
  /** Max: the whole balance, less the fee reserve on the native token once a quote says how much. */
  setMax(amount: string, options: { followsFee: boolean }): void
  setQuote(quote: SendFeeQuote | null | undefined): void
  setPhase(phase: SendState['phase']): void
  /** A declined or failed send: say why, and estimate the fee again. */
  fail(failure: string): void
  /** A mined send: the done state, with the token still picked for the next one. */
  succeed(sent: SentTransfer): void
  /** From the done state back to an empty form. */
  startOver(): void
}

const EMPTY_TRANSFER = {
  sendTokenAmount: '',
  receiverAddress: '',
  edited: { amount: false, receiver: false },
  maxed: false,
  quote: undefined,
  failure: undefined,
} as const

export function createSendStore(initialToken?: Balance): SendStore {
  const store = createStore<SendState>({
    token: initialToken,
    ...EMPTY_TRANSFER,
    estimateRound: 0,
    phase: 'idle',
    sent: undefined,
  })
  const edited = (field: 'amount' | 'receiver') => ({ ...store.getState().edited, [field]: true })
  return {
    store,
    // Any change to what is sent makes the old fee estimate wrong and the last failure old news.
    setToken: (token) => store.setState({ token, maxed: false, quote: undefined, failure: undefined }),
    setAmount: (sendTokenAmount) =>
      store.setState({
        sendTokenAmount,
        maxed: false,
        quote: undefined,
        failure: undefined,
        edited: edited('amount'),
      }),
    setReceiver: (receiverAddress) =>
      store.setState({ receiverAddress, quote: undefined, failure: undefined, edited: edited('receiver') }),
    setMax: (sendTokenAmount, { followsFee }) =>
      store.setState({
        sendTokenAmount,
        maxed: followsFee,
        quote: undefined,
        failure: undefined,
        edited: edited('amount'),
      }),
    setQuote: (quote) => store.setState({ quote }),
    setPhase: (phase) => store.setState({ phase }),
    fail: (failure) =>
      store.setState((state) => ({
        failure,
        phase: 'idle',
        quote: undefined,
        estimateRound: state.estimateRound + 1,
      })),
    succeed: (sent) => store.setState({ ...EMPTY_TRANSFER, phase: 'idle', sent }),
    startOver: () => store.setState({ ...EMPTY_TRANSFER, sent: undefined }),
  }
}

export interface SendValidationContext {
  namespace: string
  /** The wallet is on another chain than the page's one network. */
  isUnsupportedChain: boolean
  /** The native balance on chain, which pays the fee; undefined while unknown. */
  nativeBalance: bigint | undefined
  nativeSymbol: string
}

/**
 * What stands in the way of the transfer, where it belongs: `missing` says what is still to be
 * given (a hint, shown from the start); `amount` and `receiver` are errors at their fields;
 * `form` is a problem with the whole form. The texts and their order are behaviour §5's.
 */
export interface SendProblems {
  form?: string | undefined
  missing?: string | undefined
  amount?: string | undefined
  receiver?: string | undefined
}

export function sendProblems(state: SendState, context: SendValidationContext): SendProblems {
  if (context.isUnsupportedChain) return { form: ErrorText.UNSUPPORTED_CHAIN }
  const amount = state.sendTokenAmount.trim()
  const receiverAddress = state.receiverAddress.trim()
  const token = state.token
  const problems: SendProblems = {
    amount: token ? amountProblem(amount, token) : undefined,
    receiver:
      receiverAddress && !isValidReceiver(receiverAddress, context.namespace)
        ? SendText.INVALID_ADDRESS
        : undefined,
  }
  // A zero is no amount; anything else typed is an amount, and a malformed one is named as such.
  const zero = isDecimalAmount(amount) && !/[1-9]/.test(amount)
  if (!amount || zero || !receiverAddress) problems.missing = ErrorText.SEND_NEEDS_AMOUNT_AND_RECEIVER
  else if (!token) problems.missing = ErrorText.SEND_NEEDS_TOKEN
  if (token && !problems.amount && state.quote) {
    const short = feeShortfall(state, token, state.quote, context)
    if (short) problems.amount = notEnoughForFee(context.nativeSymbol)
  }
  // Max on a balance smaller than the fee leaves nothing to send: that is the fee's problem, not a missing amount.
  if (state.maxed && zero && problems.amount) problems.missing = undefined
  return problems
}

/** True when nothing stands in the way of sending. */
export function canSend(problems: SendProblems): boolean {
  return !problems.form && !problems.missing && !problems.amount && !problems.receiver
}

function amountProblem(amount: string, token: Balance): string | undefined {
  if (!amount) return undefined
  const decimals = Number(token.quantity.decimals)
  if (!isDecimalAmount(amount) || amount.startsWith('-') || (amount.split('.')[1]?.length ?? 0) > decimals)
    return SendText.INVALID_AMOUNT
  if (parseUnits(amount, decimals) > toUnits(token.quantity.numeric, decimals))
    return SendText.INSUFFICIENT_FUNDS
  return undefined
}

// On eip155 the stricter rule of what is actually sent: the shape check plus the checksum.
function isValidReceiver(address: string, namespace: string): boolean {
  return namespace === 'eip155'
    ? toTransferAddress(address) !== undefined
    : isValidAddress(address, namespace)
}

// The node refuses a transaction whose value plus gas × fee cap exceeds the balance; say so first.
function feeShortfall(state: SendState, token: Balance, quote: SendFeeQuote, context: SendValidationContext) {
  if (context.nativeBalance === undefined) return false
  const native = isNativeToken(token)
  const value =
    native && isDecimalAmount(state.sendTokenAmount.trim())
      ? parseUnits(state.sendTokenAmount.trim(), Number(token.quantity.decimals))
      : 0n
  return value + feeReserve(quote) > context.nativeBalance
}

/** The chain's own coin: no contract behind it, and it pays the fee. */
export function isNativeToken(token: Balance): boolean {
  return tokenContract(token) === undefined
}

/** The native amount Max sends: the balance less the fee reserve, never below zero. */
export function maxNativeAmount(balance: bigint, quote: SendFeeQuote): bigint {
  const left = balance - feeReserve(quote)
  return left > 0n ? left : 0n
}

/** A balance's decimal string in base units; an unreadable one counts as nothing to send. */
export function toUnits(numeric: string, decimals: number): bigint {
  try {
    return parseUnits(numeric.trim(), decimals)
  } catch {
    return 0n
  }
}
