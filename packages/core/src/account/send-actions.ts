/**
 * The wallet side of a send: the fee estimate (gas × the services' standard gas price, the
 * chain's own price when the services cannot tell) and the transfer itself — native value with
 * `sendTransaction`, ERC-20 with `writeContract` — waited for until mined.
 */
import {
  type Config,
  estimateGas,
  getGasPrice as getChainGasPrice,
  sendTransaction,
  waitForTransactionReceipt,
  writeContract,
} from '@wagmi/core'
import { ExecutionRevertedError, encodeFunctionData, erc20Abi, type Hash, parseUnits } from 'viem'
import { isUserRejection } from '../errors.ts'
import { readableError } from '../readable-error.ts'
import type { ToastStore } from '../stores/toast.ts'
import { toTransferAddress } from '../validators.ts'
import { getGasPrice } from './api.ts'
import type { ServicesClient } from './http-client.ts'
import { type SendStore, SendText } from './send.ts'
import { tokenContract } from './tokens.ts'
import type { Balance } from './types.ts'

export interface SendTransferParameters {
  wagmiConfig: Config
  chainId: number
  token: Balance
  amount: string
  receiverAddress: string
}

function call({ token, amount, receiverAddress }: Omit<SendTransferParameters, 'wagmiConfig' | 'chainId'>) {
  const value = parseUnits(amount.trim(), Number(token.quantity.decimals))
  const to = toTransferAddress(receiverAddress)
  // validateSend refuses such an address first; this guards callers that skip it.
  if (!to) throw new Error(`Invalid address: ${receiverAddress}`)
  const contract = tokenContract(token)
  return { value, to, contract }
}

export async function estimateSendFee(
  parameters: SendTransferParameters & {
    services: ServicesClient
    caipNetworkId: string
    from: `0x${string}`
  },
): Promise<bigint> {
  const { wagmiConfig, chainId, services, caipNetworkId, from } = parameters
  const { value, to, contract } = call(parameters)
  const gas = await estimateGas(
    wagmiConfig,
    contract
      ? {
          account: from,
          chainId,
          to: contract,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, value] }),
        }
      : { account: from, chainId, to, value },
  )
  const gasPrice = await getGasPrice(services, { chainId: caipNetworkId })
    .then((prices) => BigInt(prices.standard))
    .catch(() => getChainGasPrice(wagmiConfig, { chainId }))
  return gas * gasPrice
}

/** Resolves with the hash once the transfer is mined; rejects when refused or reverted. */
async function sendTransfer(parameters: SendTransferParameters): Promise<Hash> {
  const { wagmiConfig, chainId } = parameters
  const { value, to, contract } = call(parameters)
  const hash = contract
    ? await writeContract(wagmiConfig, {
        chainId,
        address: contract,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to, value],
      })
    : await sendTransaction(wagmiConfig, { chainId, to, value })
  const receipt = await waitForTransactionReceipt(wagmiConfig, { chainId, hash })
  if (receipt.status !== 'success') throw new ExecutionRevertedError()
  return hash
}

/**
 * The whole send as the user lives it: the wallet prompt (loading toast), mining, then a success
 * toast and fresh balances and activity — or an error toast saying why, with the form kept.
 */
export async function submitSend({
  send,
  toast,
  wagmiConfig,
  chainId,
  afterSend,
}: {
  send: SendStore
  toast: ToastStore
  wagmiConfig: Config
  chainId: number
  afterSend: (hash: Hash) => Promise<void>
}): Promise<Hash | undefined> {
  const { token, sendTokenAmount, receiverAddress } = send.store.getState()
  if (!token || send.store.getState().sending) return undefined
  send.setSending(true)
  toast.showLoading(SendText.APPROVE_IN_WALLET)
  try {
    const hash = await sendTransfer({ wagmiConfig, chainId, token, amount: sendTokenAmount, receiverAddress })
    toast.showSuccess(SendText.SENT)
    send.clearTransfer()
    await afterSend(hash)
    return hash
  } catch (error) {
    toast.showError(isUserRejection(error) ? SendText.DECLINED : readableError(error))
    return undefined
  } finally {
    send.setSending(false)
  }
}
