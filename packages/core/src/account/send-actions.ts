/**
 * The wallet side of a send: the fee quote (the gas and fee caps the wallet will be asked to use,
 * and the fee to expect: gas × the services' standard gas price, the chain's own price when the
 * services cannot tell) and the transfer itself — native value with `sendTransaction`, ERC-20 with
 * `writeContract`, both with the quoted gas and caps — waited for until mined.
 */
import {
  type Config,
  estimateFeesPerGas,
  estimateGas,
  getGasPrice as getChainGasPrice,
  sendTransaction,
  waitForTransactionReceipt,
  writeContract,
} from '@wagmi/core'
import {
  Eip1559FeesNotSupportedError,
  ExecutionRevertedError,
  encodeFunctionData,
  erc20Abi,
  type Hash,
  parseUnits,
} from 'viem'
import type { Analytics } from '../analytics/client.ts'
import { AnalyticsEventName } from '../analytics/names.ts'
import { isUserRejection } from '../errors.ts'
import { readableError } from '../readable-error.ts'
import type { ToastStore } from '../stores/toast.ts'
import { toTransferAddress } from '../validators.ts'
import { getGasPrice } from './api.ts'
import type { ServicesClient } from './http-client.ts'
import { type SendFeeQuote, type SendStore, SendText } from './send.ts'
import { gasSponsored } from './sponsorship.ts'
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
  // sendProblems refuses such an address first; this guards callers that skip it.
  if (!to) throw new Error(`Invalid address: ${receiverAddress}`)
  const contract = tokenContract(token)
  return { value, to, contract }
}

/** Gas for a plain transfer to an account without code; anything else gets headroom (see below). */
const PLAIN_TRANSFER_GAS = 21_000n

export async function quoteSendFee(
  parameters: SendTransferParameters & {
    services: ServicesClient
    caipNetworkId: string
    from: `0x${string}`
    /**
     * The wallet is the embedded one, whose smart account's gas the services' paymaster may pay:
     * then its capabilities are asked whether it does.
     */
    sponsorable?: boolean
  },
): Promise<SendFeeQuote> {
  const { wagmiConfig, chainId, services, caipNetworkId, from } = parameters
  const { value, to, contract } = call(parameters)
  const [sponsored, estimate, caps, shownPrice] = await Promise.all([
    parameters.sponsorable ? gasSponsored(wagmiConfig, chainId, from) : false,
    estimateGas(
      wagmiConfig,
      contract
        ? {
            account: from,
            chainId,
            to: contract,
            data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, value] }),
          }
        : { account: from, chainId, to, value },
    ),
    feeCaps(wagmiConfig, chainId),
    getGasPrice(services, { chainId: caipNetworkId })
      .then((prices) => BigInt(prices.standard))
      .catch(() => getChainGasPrice(wagmiConfig, { chainId })),
  ])
  // A contract's gas use can change between the estimate and the block (its storage moves on):
  // 20 % headroom, as wallets add. A plain transfer always costs exactly 21,000.
  const gas = estimate === PLAIN_TRANSFER_GAS ? estimate : (estimate * 12n) / 10n
  if (sponsored) return { gas, ...caps, expectedFee: 0n, sponsored }
  return { gas, ...caps, expectedFee: estimate * shownPrice }
}

// The caps the wallet is asked to use, so the reserve checked in the form is the one the node checks.
async function feeCaps(wagmiConfig: Config, chainId: number) {
  try {
    const { maxFeePerGas, maxPriorityFeePerGas } = await estimateFeesPerGas(wagmiConfig, { chainId })
    return { maxFeePerGas, maxPriorityFeePerGas }
  } catch (error) {
    if (!(error instanceof Eip1559FeesNotSupportedError)) throw error
    return { gasPrice: await getChainGasPrice(wagmiConfig, { chainId }) }
  }
}

/** Resolves with the hash once the transfer is mined; rejects when refused or reverted. */
async function sendTransfer(
  parameters: SendTransferParameters & { quote: SendFeeQuote | null | undefined; onSigned: () => void },
): Promise<Hash> {
  const { wagmiConfig, chainId, quote, onSigned } = parameters
  const { value, to, contract } = call(parameters)
  const fees = quote
    ? quote.maxFeePerGas !== undefined
      ? { gas: quote.gas, maxFeePerGas: quote.maxFeePerGas, maxPriorityFeePerGas: quote.maxPriorityFeePerGas }
      : { gas: quote.gas, gasPrice: quote.gasPrice }
    : {}
  const hash = contract
    ? await writeContract(wagmiConfig, {
        chainId,
        address: contract,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to, value],
        ...fees,
      })
    : await sendTransaction(wagmiConfig, { chainId, to, value, ...fees })
  onSigned()
  const receipt = await waitForTransactionReceipt(wagmiConfig, { chainId, hash })
  if (receipt.status !== 'success') throw new ExecutionRevertedError()
  return hash
}

/**
 * The whole send as the user lives it: the wallet prompt, mining, then the done state, a success
 * toast and fresh balances and activity — or the reason in the form and an error toast, with the
 * form kept and the fee estimated again.
 */
export async function submitSend({
  send,
  token,
  toast,
  wagmiConfig,
  chainId,
  afterSend,
  analytics,
}: {
  send: SendStore
  /** The picked token as the latest balances show it. */
  token: Balance
  toast: ToastStore
  wagmiConfig: Config
  chainId: number
  afterSend: (hash: Hash) => Promise<void>
  /** Hears SEND_SUCCESS or SEND_ERROR (behaviour §7): the token's symbol, never the amount or receiver. */
  analytics: Pick<Analytics, 'track' | 'trackError'>
}): Promise<Hash | undefined> {
  const { sendTokenAmount, receiverAddress, quote, phase } = send.store.getState()
  if (phase !== 'idle') return undefined
  send.setPhase('wallet')
  toast.showLoading(SendText.APPROVE_IN_WALLET)
  try {
    const hash = await sendTransfer({
      wagmiConfig,
      chainId,
      token,
      amount: sendTokenAmount,
      receiverAddress,
      quote,
      onSigned: () => send.setPhase('mining'),
    })
    void analytics.track(AnalyticsEventName.SEND_SUCCESS, { token: token.symbol })
    toast.showSuccess(SendText.SENT)
    send.succeed({
      hash,
      amount: sendTokenAmount.trim(),
      symbol: token.symbol,
      receiverAddress: receiverAddress.trim(),
    })
    await afterSend(hash)
    return hash
  } catch (error) {
    void analytics.trackError(AnalyticsEventName.SEND_ERROR, error, { token: token.symbol })
    const reason = isUserRejection(error) ? SendText.DECLINED : readableError(error)
    toast.showError(reason)
    send.fail(reason)
    return undefined
  }
}
