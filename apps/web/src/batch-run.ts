import type { Config } from '@wagmi/core'
import { sendCalls, waitForCallsStatus } from '@wagmi/core'
import { type Address, encodeFunctionData, erc20Abi, parseUnits } from 'viem'
import type { DemoToken } from './page-config.ts'

/** The two transfers of the demo batch, in whole tokens. */
const BATCH_AMOUNTS = ['1', '2'] as const
// The page waits as the modal's Send does for a transaction: the bundler mines within seconds.
const CONFIRMATION_TIMEOUT_MS = 60_000

/**
 * Loaded on the first click: sends the two transfers of `token` to `to` as one atomic batch
 * (EIP-5792 wallet_sendCalls) and waits for the wallet's status. Answers the transaction that
 * carried them; a batch the chain reverted is an error.
 */
export async function sendTokenBatch(config: Config, token: DemoToken, to: Address): Promise<string> {
  const calls = BATCH_AMOUNTS.map((amount) => ({
    to: token.address,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, parseUnits(amount, token.decimals)],
    }),
  }))
  const { id } = await sendCalls(config, { calls, forceAtomic: true })
  const status = await waitForCallsStatus(config, { id, timeout: CONFIRMATION_TIMEOUT_MS })
  const hash = status.receipts?.[0]?.transactionHash
  if (status.status !== 'success' || !hash) throw new Error(`The batch was not confirmed (${status.status})`)
  return hash
}
