import {
  type Address,
  BaseError,
  createPublicClient,
  createWalletClient,
  type Hash,
  type Hex,
  http,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { ChainData } from '../chain-data/config.ts'

/** How long a checkout waits for its transaction to be mined before it says "on its way" anyway. */
const RECEIPT_TIMEOUT_MS = 30_000

type Delivery = { status: 'mined' | 'reverted' } | { status: 'unknown' }

/** The sandbox's operator account: sends native tokens and says how each transfer ended. */
export interface SandboxPayer {
  /** Sends `value` base units to `to`; resolves once the node took the transaction. */
  send(to: Address, value: bigint): Promise<Hash>
  /** Waits for the transfer to be mined; `unknown` when it was not within the wait. */
  delivery(hash: Hash, options?: { wait: boolean }): Promise<Delivery>
}

export function sandboxPayer(chain: ChainData, payerKey: Hex): SandboxPayer {
  const transport = http(chain.config.rpcUrl, { timeout: 10_000, retryCount: 0 })
  const wallet = createWalletClient({ account: privateKeyToAccount(payerKey), transport })
  const reader = createPublicClient({ transport, pollingInterval: 500 })
  // One transfer at a time: each takes the account's next nonce, and two asked at once would
  // both be handed the same one.
  let queue: Promise<unknown> = Promise.resolve()
  return {
    send(to, value) {
      const sent = queue.then(() => wallet.sendTransaction({ chain: null, to, value }))
      queue = sent.catch(() => undefined)
      return sent
    },
    async delivery(hash, { wait } = { wait: true }) {
      try {
        const receipt = wait
          ? await reader.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS })
          : await reader.getTransactionReceipt({ hash })
        return { status: receipt.status === 'success' ? 'mined' : 'reverted' }
      } catch (error) {
        // Not mined yet, or the node is away: the transaction may still land, so nothing is decided.
        if (error instanceof BaseError) return { status: 'unknown' }
        throw error
      }
    },
  }
}

/** A node's refusal as one short line for the buyer's page and the purchase record. */
export function reasonOf(error: unknown): string {
  const text = error instanceof BaseError ? error.shortMessage : String((error as Error)?.message ?? error)
  return `The sandbox could not send the payment: ${text.split('\n')[0]?.slice(0, 200)}`
}
