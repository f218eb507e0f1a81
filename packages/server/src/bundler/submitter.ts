import type { Kysely } from 'kysely'
import {
  type Account,
  type Chain,
  encodeFunctionData,
  type Hash,
  keccak256,
  type PublicClient,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from 'viem'
import { entryPoint08Abi, toPackedUserOperation } from 'viem/account-abstraction'
import type { Tables } from '../db/tables.ts'
import { BundlerError } from './errors.ts'
import { findOnChain, type Inclusion, inclusionIn } from './receipts.ts'
import { claimPending, operationsIn, recordBundle, type StoredOperation, settle } from './repository.ts'
import { refusalOf } from './simulation.ts'

type OperatorWallet = WalletClient<Transport, Chain, Account>

export interface SubmitterOptions {
  db: Kysely<Tables>
  client: PublicClient
  operator: OperatorWallet
  entryPoint: `0x${string}`
  chainId: number
  /** Operations per handleOps transaction (each sender once). */
  maxBundle: number
  /** How often the database is looked at for operations another instance stored; wakes also come from `wake()`. */
  idleMs: number
  warn: (line: string) => void
  /** Told of each operation once it is mined, with what the EntryPoint charged for it. */
  onIncluded: (inclusion: Inclusion) => Promise<void>
}

/** The handleOps transaction's gas on top of the operations' own limits. */
const BUNDLE_GAS_OVERHEAD = 100_000n

/**
 * Submits the stored operations: claims the oldest pending ones, checks them together with an
 * `eth_call` of handleOps (an operation that no longer validates is failed with the EntryPoint's
 * reason), signs the bundle, records its hash on the operations, broadcasts it and settles each
 * operation from the receipt's UserOperationEvents. One bundle at a time, so the operator's nonces
 * never collide. On start it first settles what a previous run left submitted: from the chain when
 * the bundle (or another) included the operation, by waiting when the node still holds the
 * transaction, otherwise back to pending for a fresh bundle — never a second inclusion, as the
 * EntryPoint's nonce would refuse it anyway.
 */
export class Submitter {
  private stopped = false
  private wakeUp: (() => void) | undefined
  private woken = false
  private running: Promise<void> | undefined
  private stopSignal: Promise<void>
  private signalStop: () => void = () => {}

  constructor(private readonly options: SubmitterOptions) {
    this.stopSignal = new Promise((resolve) => {
      this.signalStop = resolve
    })
  }

  start(): void {
    this.running = this.run()
  }

  wake(): void {
    this.woken = true
    this.wakeUp?.()
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.signalStop()
    this.wakeUp?.()
    await this.running
  }

  private async run(): Promise<void> {
    await this.guard(() => this.recover())
    while (!this.stopped) {
      const worked = await this.guard(() => this.submitOnce())
      if (worked || this.stopped) continue
      await this.idle()
    }
  }

  private async guard(step: () => Promise<boolean | undefined>): Promise<boolean | undefined> {
    try {
      return await step()
    } catch (error) {
      if (!this.stopped) this.options.warn(`Bundler: ${(error as Error).message.split('\n')[0]}`)
      return false
    }
  }

  private idle(): Promise<void> {
    if (this.woken) {
      this.woken = false
      return Promise.resolve()
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.idleMs)
      function done() {
        clearTimeout(timer)
        resolve()
      }
      this.wakeUp = () => {
        this.woken = false
        this.wakeUp = undefined
        done()
      }
    })
  }

  /** Settles what a previous run left submitted. */
  private async recover(): Promise<undefined> {
    const { db, client, chainId, entryPoint } = this.options
    const left = await operationsIn(db, chainId, 'submitted')
    const byBundle = new Map<Hash | undefined, StoredOperation[]>()
    for (const op of left) byBundle.set(op.txHash, [...(byBundle.get(op.txHash) ?? []), op])
    for (const [txHash, ops] of byBundle) {
      const inNode = txHash ? await client.getTransaction({ hash: txHash }).catch(() => undefined) : undefined
      if (txHash && inNode) {
        const receipt = await this.receiptOrStop(txHash)
        if (receipt) await this.settleFrom(receipt, ops)
        continue
      }
      for (const op of ops) {
        const included = await findOnChain(client, entryPoint, op.hash)
        if (included) await this.included(op, included)
        else await settle(db, [op.hash], { state: 'pending' })
      }
    }
    return undefined
  }

  private async submitOnce(): Promise<boolean> {
    const { db, chainId, maxBundle } = this.options
    let ops = await claimPending(db, chainId, maxBundle)
    if (ops.length === 0) return false
    ops = await this.dropInvalid(ops)
    if (ops.length === 0) return true
    const { operator, client, entryPoint } = this.options
    const data = encodeFunctionData({
      abi: entryPoint08Abi,
      functionName: 'handleOps',
      args: [ops.map(({ op }) => toPackedUserOperation(op)), operator.account.address],
    })
    const gas = ops.reduce(
      (sum, { op }) =>
        sum +
        op.verificationGasLimit +
        op.callGasLimit +
        op.preVerificationGas +
        (op.paymasterVerificationGasLimit ?? 0n) +
        (op.paymasterPostOpGasLimit ?? 0n),
      BUNDLE_GAS_OVERHEAD,
    )
    const request = await operator.prepareTransactionRequest({
      to: entryPoint,
      data,
      // The EntryPoint checks each operation's limits against what is left (63/64 per call).
      gas: gas + gas / 10n,
      nonce: await client.getTransactionCount({ address: operator.account.address, blockTag: 'pending' }),
    })
    const signed = await operator.signTransaction(request)
    const txHash = keccak256(signed)
    await recordBundle(
      db,
      ops.map(({ hash }) => hash),
      txHash,
    )
    await client.sendRawTransaction({ serializedTransaction: signed })
    const receipt = await this.receiptOrStop(txHash)
    if (receipt) await this.settleFrom(receipt, ops)
    return true
  }

  /** handleOps as an eth_call: each operation the EntryPoint refuses now is failed, the rest go on. */
  private async dropInvalid(ops: StoredOperation[]): Promise<StoredOperation[]> {
    const { client, entryPoint, operator, db } = this.options
    let remaining = ops
    while (remaining.length > 0) {
      try {
        await client.call({
          account: operator.account.address,
          to: entryPoint,
          data: encodeFunctionData({
            abi: entryPoint08Abi,
            functionName: 'handleOps',
            args: [remaining.map(({ op }) => toPackedUserOperation(op)), operator.account.address],
          }),
        })
        return remaining
      } catch (error) {
        const refusal = refusalOf(error)
        const failed = refusal instanceof BundlerError ? remaining[refusal.opIndex ?? 0] : undefined
        if (!(refusal instanceof BundlerError) || !failed) throw error
        await settle(db, [failed.hash], { state: 'failed', reason: refusal.message })
        remaining = remaining.filter((op) => op !== failed)
      }
    }
    return remaining
  }

  private async receiptOrStop(hash: Hash): Promise<TransactionReceipt | undefined> {
    const receipt = this.options.client.waitForTransactionReceipt({ hash, timeout: 120_000 })
    return Promise.race([receipt, this.stopSignal.then(() => undefined)])
  }

  private async settleFrom(receipt: TransactionReceipt, ops: readonly StoredOperation[]): Promise<void> {
    const { db, entryPoint, client } = this.options
    const logs = receipt.logs.map((log) => ({ address: log.address, topics: log.topics, data: log.data }))
    for (const op of ops) {
      const inclusion = inclusionIn(logs, entryPoint, op.hash)
      if (inclusion) {
        await settle(db, [op.hash], { state: 'included', txHash: receipt.transactionHash })
        await this.told(inclusion)
        continue
      }
      const elsewhere = await findOnChain(client, entryPoint, op.hash)
      if (elsewhere) await this.included(op, elsewhere)
      else
        await settle(db, [op.hash], {
          state: 'failed',
          reason: `The bundle ${receipt.transactionHash} did not include it (${receipt.status})`,
        })
    }
  }

  /** Settles an operation another transaction included, reading its cost from that receipt. */
  private async included(op: StoredOperation, txHash: Hash): Promise<void> {
    const { db, client, entryPoint } = this.options
    await settle(db, [op.hash], { state: 'included', txHash })
    const receipt = await client.getTransactionReceipt({ hash: txHash })
    const inclusion = inclusionIn(receipt.logs, entryPoint, op.hash)
    if (inclusion) await this.told(inclusion)
  }

  /** The operation is settled whatever the listener does: its failure must not hold up the bundle's others. */
  private async told(inclusion: Inclusion): Promise<void> {
    await this.options
      .onIncluded(inclusion)
      .catch((error: unknown) =>
        this.options.warn(`Bundler: recording a mined operation's cost failed: ${(error as Error).message}`),
      )
  }
}
