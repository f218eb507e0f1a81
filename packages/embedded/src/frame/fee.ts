import { formatFee } from '@portico/core/internal'
import { numberToHex } from 'viem'
import { type ChainRead, quantity } from './chain-read.ts'
import type { TransactionFields } from './request-details.ts'

/**
 * The estimated network fee of a transaction: the gas the chain expects times today's gas price,
 * written as the modal's Send writes it (`formatFee`: 6 decimals, floored).
 */
export async function feeText(request: TransactionFields, read: ChainRead, symbol = 'ETH'): Promise<string> {
  const call = {
    ...(request.from ? { from: request.from } : {}),
    ...(request.to ? { to: request.to } : {}),
    ...(request.value ? { value: numberToHex(request.value) } : {}),
    ...(request.data ? { data: request.data } : {}),
  }
  const [gas, price] = await Promise.all([read('eth_estimateGas', [call]), read('eth_gasPrice', [])])
  return formatFee(quantity(gas) * quantity(price), 18, symbol)
}
