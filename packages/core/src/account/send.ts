/**
 * The send flow's state (behaviour §3 "Send state": token, sendTokenAmount, receiverAddress) and its
 * validation (behaviour §5). Framework-free; the wallet calls live in send-actions.ts.
 */
import { parseUnits } from 'viem'
import { ErrorText } from '../errors.ts'
import { createStore, type Store } from '../store.ts'
import { isDecimalAmount, isValidAddress, toTransferAddress } from '../validators.ts'
import type { Balance } from './types.ts'

export const SendText = {
  INSUFFICIENT_FUNDS: 'Insufficient funds',
  INVALID_AMOUNT: 'Invalid amount',
  INVALID_ADDRESS: 'Invalid address',
  FEE_UNAVAILABLE: 'The network fee could not be estimated; the transfer may fail',
  APPROVE_IN_WALLET: 'Approve the transaction in your wallet',
  SENDING: 'Sending…',
  SENT: 'Transaction sent',
  DECLINED: 'Transaction declined',
} as const

export interface SendState {
  token: Balance | undefined
  sendTokenAmount: string
  receiverAddress: string
  /** Network fee in wei for the transfer as it stands; undefined until estimated, null when the node could not. */
  gasFee: bigint | null | undefined
  /** True from the wallet prompt until the transaction is mined or refused. */
  sending: boolean
}

export interface SendStore {
  store: Store<SendState>
  setToken(token: Balance | undefined): void
  setAmount(amount: string): void
  setReceiver(address: string): void
  setGasFee(fee: bigint | null | undefined): void
  setSending(sending: boolean): void
  /** After a sent transfer: the token stays picked, the rest starts over. */
  clearTransfer(): void
}

export function createSendStore(initialToken?: Balance): SendStore {
  const store = createStore<SendState>({
    token: initialToken,
    sendTokenAmount: '',
    receiverAddress: '',
    gasFee: undefined,
    sending: false,
  })
  return {
    store,
    // Any change to what is sent makes the old fee estimate wrong.
    setToken: (token) => store.setState({ token, gasFee: undefined }),
    setAmount: (sendTokenAmount) => store.setState({ sendTokenAmount, gasFee: undefined }),
    setReceiver: (receiverAddress) => store.setState({ receiverAddress, gasFee: undefined }),
    setGasFee: (gasFee) => store.setState({ gasFee }),
    setSending: (sending) => store.setState({ sending }),
    clearTransfer: () => store.setState({ sendTokenAmount: '', receiverAddress: '', gasFee: undefined }),
  }
}

export interface SendValidationContext {
  namespace: string
  /** The wallet is on another chain than the page's one network. */
  isUnsupportedChain: boolean
}

/** The first problem with the transfer as the user typed it, in the order the spec names them. */
export function validateSend(state: SendState, context: SendValidationContext): string | undefined {
  if (context.isUnsupportedChain) return ErrorText.UNSUPPORTED_CHAIN
  const amount = state.sendTokenAmount.trim()
  const receiverAddress = state.receiverAddress.trim()
  // A zero is no amount; anything else typed is an amount, and a malformed one is named as such below.
  const zero = isDecimalAmount(amount) && !/[1-9]/.test(amount)
  if (!amount || zero || !receiverAddress) return ErrorText.SEND_NEEDS_AMOUNT_AND_RECEIVER
  const token = state.token
  if (!token) return ErrorText.SEND_NEEDS_TOKEN
  const decimals = Number(token.quantity.decimals)
  if (!isDecimalAmount(amount) || amount.startsWith('-') || (amount.split('.')[1]?.length ?? 0) > decimals)
    return SendText.INVALID_AMOUNT
  if (parseUnits(amount, decimals) > toUnits(token.quantity.numeric, decimals))
    return SendText.INSUFFICIENT_FUNDS
  // On eip155 the stricter rule of what is actually sent: the shape check plus the checksum.
  const validAddress =
    context.namespace === 'eip155'
      ? toTransferAddress(receiverAddress) !== undefined
      : isValidAddress(receiverAddress, context.namespace)
  if (!validAddress) return SendText.INVALID_ADDRESS
  return undefined
}

/** A balance's decimal string in base units; an unreadable one counts as nothing to send. */
export function toUnits(numeric: string, decimals: number): bigint {
  try {
    return parseUnits(numeric.trim(), decimals)
  } catch {
    return 0n
  }
}
