import { JsonRpcErrorCode } from '@portico/core/shared'
import {
  type Address,
  BaseError,
  numberToHex,
  type TransactionSerializableEIP1559,
  UnknownNodeError,
} from 'viem'
import { getNodeError } from 'viem/utils'
import { ApiError } from '../api.ts'
import { type ChainRead, quantity } from '../chain-read.ts'
import type { TransactionAsk } from './sign-params.ts'

export interface Sender {
  address: Address
  chainId: number
}

/**
 * An EIP-1559 transaction from what the page asked, filled from the chain where it left a field
 * out: the frame's chain id, the next nonce counting pending transactions, fees from the latest
 * block (max fee = twice its base fee plus the node's suggested tip) and the node's gas estimate.
 */
export async function fillTransaction(
  ask: TransactionAsk,
  sender: Sender,
  read: ChainRead,
): Promise<TransactionSerializableEIP1559> {
  const call = {
    from: sender.address,
    ...(ask.to ? { to: ask.to } : {}),
    ...(ask.value !== undefined ? { value: numberToHex(ask.value) } : {}),
    ...(ask.data ? { data: ask.data } : {}),
  }
  const [nonce, tip, block, gas] = await Promise.all([
    read('eth_getTransactionCount', [sender.address, 'pending']).then(quantity),
    ask.maxPriorityFeePerGas ?? read('eth_maxPriorityFeePerGas', []).then(quantity),
    ask.maxFeePerGas === undefined ? read('eth_getBlockByNumber', ['latest', false]) : undefined,
    ask.gas ?? read('eth_estimateGas', [call]).then(quantity),
  ])
  const maxFeePerGas = ask.maxFeePerGas ?? 2n * baseFeeOf(block) + tip
  return {
    type: 'eip1559',
    chainId: sender.chainId,
    nonce: Number(nonce),
    to: ask.to,
    value: ask.value,
    data: ask.data,
    gas,
    maxFeePerGas,
    // A tip above the fee cap could never be paid in full; the cap the page set wins.
    maxPriorityFeePerGas: tip > maxFeePerGas ? maxFeePerGas : tip,
  }
}

function baseFeeOf(block: unknown): bigint {
  const baseFee = (block as { baseFeePerGas?: unknown } | null)?.baseFeePerGas
  if (baseFee === undefined) throw new Error('This chain does not take EIP-1559 transactions')
  return quantity(baseFee)
}

/**
 * A transaction the chain refused (while filling or sending) is EIP-1474's "transaction rejected",
 * worded as viem words the node's answer. A refusal of the services themselves (the session ended)
 * stays what it is.
 */
export function transactionRejected(error: unknown): unknown {
  if (error instanceof ApiError && error.code === undefined) return error
  const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : ''
  const known = getNodeError(new BaseError(message, { details: message }), {})
  return new ApiError(
    known instanceof UnknownNodeError ? message || 'RPC failed' : known.shortMessage,
    400,
    JsonRpcErrorCode.TRANSACTION_REJECTED,
  )
}
