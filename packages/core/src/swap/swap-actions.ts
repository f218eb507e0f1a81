/**
 * The wallet side of a swap: an approval of the pay token when its allowance is short, then the
 * swap the services built, both waited for until mined — or the reason, in words.
 */
import { type Config, sendTransaction, waitForTransactionReceipt } from '@wagmi/core'
import { ExecutionRevertedError, type Hash, type TransactionReceipt } from 'viem'
import { type ServicesClient, ServicesError } from '../account/http-client.ts'
import { receivedAmount } from '../account/receipt-logs.ts'
import { isUserRejection } from '../errors.ts'
import { formatTokenAmount } from '../format.ts'
import { readableError } from '../readable-error.ts'
import type { ToastStore } from '../stores/toast.ts'
import { buildSwapApproval, buildSwapTransaction, getSwapAllowance, type SwapTransaction } from './api.ts'
import {
  isNativeSwapToken,
  minimumReceived,
  type SwapToken,
  swapAmountUnits,
  tokenAddressOf,
} from './swap.ts'
import type { SwapDone, SwapStore } from './swap-store.ts'

const SwapActionText = {
  DECLINED: 'Swap declined',
  APPROVE_IN_WALLET: 'Approve the request in your wallet',
} as const

/** `eip155:31337:0x…` or `0x…` → `0x…`: the services write contracts in CAIP-10. */
const plainAddress = (address: string) => address.split(':').pop() as `0x${string}`

async function sendAndWait(
  wagmiConfig: Config,
  chainId: number,
  tx: SwapTransaction,
  value: bigint,
): Promise<TransactionReceipt> {
  const gas = tx.eip155?.gas ? BigInt(tx.eip155.gas) : undefined
  const hash = await sendTransaction(wagmiConfig, {
    chainId,
    to: plainAddress(tx.to),
    data: tx.data,
    value,
    gas,
  })
  const receipt = await waitForTransactionReceipt(wagmiConfig, { chainId, hash })
  if (receipt.status !== 'success') throw new ExecutionRevertedError()
  return receipt
}

/**
 * What the done state says arrived: a token's amount as its Transfer logs to the account say; the
 * chain's own coin moves without a log, so for it the least the quote promised.
 */
function arrived(
  receipt: TransactionReceipt,
  to: SwapToken,
  account: `0x${string}`,
  atLeast: bigint,
): Pick<SwapDone, 'received' | 'exact'> {
  const exact = isNativeSwapToken(to) ? undefined : receivedAmount(receipt.logs, tokenAddressOf(to), account)
  return {
    received: `${formatTokenAmount(exact ?? atLeast, to.decimals)} ${to.symbol}`,
    exact: exact !== undefined,
  }
}

export async function submitSwap({
  swap,
  services,
  wagmiConfig,
  chainId,
  address,
  toast,
  afterSwap,
}: {
  swap: SwapStore
  services: ServicesClient
  wagmiConfig: Config
  chainId: number
  address: `0x${string}`
  toast: ToastStore
  afterSwap: (hash: Hash) => Promise<void>
}): Promise<Hash | undefined> {
  const { from, to, amount, slippage, quote, phase } = swap.store.getState()
  const units = from ? swapAmountUnits(amount, from.decimals) : undefined
  if (phase !== 'idle' || !from || !to || units === undefined || !quote) return undefined
  const route = { userAddress: address, from: from.address, to: to.address }
  toast.showLoading(SwapActionText.APPROVE_IN_WALLET)
  try {
    if (!isNativeSwapToken(from)) {
      const allowance = await getSwapAllowance(services, { tokenAddress: from.address, userAddress: address })
      if (allowance < units) {
        swap.setPhase('approving')
        await sendAndWait(
          wagmiConfig,
          chainId,
          await buildSwapApproval(services, { ...route, amount: units }),
          0n,
        )
      }
    }
    swap.setPhase('swapping')
    const tx = await buildSwapTransaction(services, { ...route, amount: units, slippage })
    const receipt = await sendAndWait(wagmiConfig, chainId, tx, isNativeSwapToken(from) ? units : 0n)
    const { transactionHash: hash } = receipt
    const paid = `${amount.trim()} ${from.symbol}`
    toast.showSuccess(`Swapped ${paid} for ${to.symbol}`)
    swap.succeed({ hash, paid, ...arrived(receipt, to, address, minimumReceived(quote.toAmount, slippage)) })
    await afterSwap(hash)
    return hash
  } catch (error) {
    const reason = isUserRejection(error)
      ? SwapActionText.DECLINED
      : error instanceof ServicesError && error.reason
        ? error.reason
        : readableError(error)
    toast.showError(reason)
    swap.fail(reason)
    return undefined
  }
}
