import type { Address, Hex } from 'viem'
import type { ChainRead } from '../chain-read.ts'
import { ETH_TRANSFER_GAS, ethToMove, type Holding, planTokenTransfers } from './eoa-assets.ts'
import { chainClient } from './eoa-holdings.ts'
import type { WithKey } from './sign-request.ts'
import { fillTransaction } from './transaction.ts'

/** What became of one asset of the move. */
export type Moved =
  | { asset: Holding | { kind: 'eth'; amount: bigint }; moved: true }
  | { asset: Holding | { kind: 'eth'; amount: bigint }; moved: false; reason: string }

export interface EoaMove {
  from: Address
  to: Address
  chainId: number
  read: ChainRead
  /** The old key, for each transaction it signs. */
  withOldKey: WithKey
}

const RECEIPT_TIMEOUT_MS = 120_000
const RECEIPT_POLL_MS = 1_000

/**
 * Sends each token of `holdings` to the new address, one transaction at a time, each waited for:
 * a transfer that fails is reported and the others go on (the failed asset stays at the old
 * address). ETH is not moved here: it pays for a retry, and goes last (`moveEth`).
 */
export async function moveTokens(move: EoaMove, holdings: Holding[]): Promise<Moved[]> {
  const report: Moved[] = []
  for (const transfer of planTokenTransfers(move.from, move.to, holdings)) {
    const sent = await send(move, { to: transfer.to, data: transfer.data, gas: transfer.gas })
    report.push(
      sent.ok
        ? { asset: transfer.holding, moved: true }
        : { asset: transfer.holding, moved: false, reason: sent.reason },
    )
  }
  return report
}

/** Sends the old address's ETH, all but the last transfer's own fee, to the new address. */
export async function moveEth(move: EoaMove): Promise<Moved> {
  const client = chainClient(move.read)
  const sender = { address: move.from, chainId: move.chainId }
  const fees = await fillTransaction({ to: move.to, value: 0n, gas: ETH_TRANSFER_GAS }, sender, move.read)
  const balance = await client.getBalance({ address: move.from })
  const amount = ethToMove(balance, fees.maxFeePerGas ?? 0n)
  const asset = { kind: 'eth' as const, amount }
  if (amount === 0n) return { asset, moved: false, reason: 'Too little ETH to pay for its own transfer.' }
  const sent = await send(move, { to: move.to, value: amount, gas: ETH_TRANSFER_GAS }, fees)
  return sent.ok ? { asset, moved: true } : { asset, moved: false, reason: sent.reason }
}

type Ask = { to: Address; data?: Hex; value?: bigint; gas: bigint }

async function send(
  move: EoaMove,
  ask: Ask,
  filled?: Awaited<ReturnType<typeof fillTransaction>>,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    const transaction = {
      ...(filled ?? (await fillTransaction(ask, { address: move.from, chainId: move.chainId }, move.read))),
      value: ask.value,
    }
    const raw = await move.withOldKey((account) => account.signTransaction(transaction))
    const hash = (await move.read('eth_sendRawTransaction', [raw])) as Hex
    const status = await receiptStatus(move.read, hash)
    return status === '0x1' ? { ok: true } : { ok: false, reason: 'The token refused the transfer.' }
  } catch (error) {
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : ''
    return { ok: false, reason: message || 'The transfer could not be sent.' }
  }
}

/** The mined transaction's status ('0x1' for success), asked of the node until it has one. */
async function receiptStatus(read: ChainRead, hash: Hex): Promise<unknown> {
  const deadline = Date.now() + RECEIPT_TIMEOUT_MS
  while (Date.now() < deadline) {
    const receipt = (await read('eth_getTransactionReceipt', [hash])) as { status?: unknown } | null
    if (receipt) return receipt.status
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS))
  }
  throw new Error('The transfer was not mined in time.')
}
