import { JsonRpcErrorCode } from '@portico/core/shared'
import { type Address, type Hex, isAddressEqual, isHex, numberToHex } from 'viem'
import { z } from 'zod/mini'
import { ApiError } from '../api.ts'

/**
 * EIP-5792 (wallet_sendCalls 2.0.0) for the smart account: the request read and checked before the
 * key is put together, the capabilities the wallet reports, and the status shape it answers.
 * Pure, so tested without a browser or a chain.
 */

/** behaviour §8 wallet call codes (EIP-5792). */
export const WalletCallCode = {
  UNSUPPORTED_CAPABILITY: 5700,
  UNSUPPORTED_CHAIN: 5710,
  DUPLICATE_ID: 5720,
  UNKNOWN_BUNDLE: 5730,
  BUNDLE_TOO_LARGE: 5740,
  ATOMICITY_NOT_SUPPORTED: 5760,
} as const

/** The bundler takes one operation per sender at a time; this many calls still fit its gas limit. */
export const MAX_CALLS = 16

const hex = z.string().check(z.refine((value) => isHex(value), 'expected 0x-prefixed hex'))
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'expected an address'))
const capabilities = z.optional(z.record(z.string(), z.unknown()))
const SendCalls = z.tuple([
  z.object({
    version: z.optional(z.string()),
    id: z.optional(z.string().check(z.minLength(1), z.maxLength(4096))),
    from: z.optional(address),
    chainId: hex,
    atomicRequired: z.optional(z.boolean()),
    calls: z.array(
      // A call without `to` would create a contract, which an account's execute cannot do.
      z.object({ to: address, data: z.optional(hex), value: z.optional(hex), capabilities }),
    ),
    capabilities,
  }),
])
const CallsId = z.tuple([z.string().check(z.minLength(1), z.maxLength(4096))])

export interface Call {
  to: Address
  value: bigint
  data: Hex
}

export interface CallsAsk {
  /** The page's own id for the bundle, when it gave one. */
  id: string | undefined
  calls: Call[]
}

function parsed<T>(schema: z.ZodMiniType<T>, params: unknown): T {
  const result = schema.safeParse(params)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const where = issue?.path.join('.') ?? ''
  throw new ApiError(
    `Invalid params${where ? ` at ${where}` : ''}: ${issue?.message ?? 'not EIP-5792'}`,
    400,
    JsonRpcErrorCode.INVALID_PARAMS,
  )
}

/** A capability the page marked required and the wallet does not have: 5700 (none is offered to pages yet). */
function refuseRequired(asked: Record<string, unknown> | undefined): void {
  for (const [name, value] of Object.entries(asked ?? {})) {
    const optional = (value as { optional?: unknown } | null)?.optional === true
    if (!optional)
      throw new ApiError(
        `This wallet does not support the capability ${name}`,
        400,
        WalletCallCode.UNSUPPORTED_CAPABILITY,
      )
  }
}

/** `wallet_sendCalls [{chainId, from, calls, ...}]` from `wallet` on `chainId`. */
export function readSendCalls(params: unknown, wallet: Address, chainId: number): CallsAsk {
  const [ask] = parsed(SendCalls, params)
  if (Number(ask.chainId) !== chainId)
    throw new ApiError(`This wallet has no chain ${ask.chainId}`, 400, WalletCallCode.UNSUPPORTED_CHAIN)
  if (ask.from && !isAddressEqual(ask.from as Address, wallet))
    throw new ApiError('The requested account is not this wallet', 400, 4100)
  if (ask.calls.length === 0)
    throw new ApiError('Invalid params at calls: no call', 400, JsonRpcErrorCode.INVALID_PARAMS)
  if (ask.calls.length > MAX_CALLS)
    throw new ApiError(`A bundle takes at most ${MAX_CALLS} calls`, 400, WalletCallCode.BUNDLE_TOO_LARGE)
  refuseRequired(ask.capabilities)
  for (const call of ask.calls) refuseRequired(call.capabilities)
  return {
    id: ask.id,
    calls: ask.calls.map((call) => ({
      to: call.to as Address,
      value: call.value ? BigInt(call.value) : 0n,
      data: (call.data ?? '0x') as Hex,
    })),
  }
}

/** `wallet_getCallsStatus [id]`: the id asked about. */
export function readCallsId(params: unknown): string {
  return parsed(CallsId, params)[0]
}

/**
 * `wallet_getCapabilities`: the smart account batches atomically on the wallet's chain, and its gas
 * may be paid by the services' paymaster; an EOA batches nothing.
 */
export function capabilitiesOf(kind: 'eoa' | 'smartAccount', chainId: number, sponsored: boolean) {
  const chain = numberToHex(chainId)
  if (kind === 'eoa') return { [chain]: { atomic: { status: 'unsupported' as const } } }
  return {
    [chain]: { atomic: { status: 'supported' as const }, paymasterService: { supported: sponsored } },
  }
}

/** What the bundler answers for `eth_getUserOperationReceipt`, the fields the status needs. */
export interface OperationReceipt {
  success: boolean
  receipt: {
    transactionHash: Hex
    blockHash: Hex
    blockNumber: Hex
    gasUsed: Hex
    status: Hex
    logs: { address: Address; data: Hex; topics: Hex[] }[]
  }
}

/**
 * EIP-5792's status: 100 pending, 200 confirmed, 500 reverted on chain (the operation is one atomic
 * call of the EntryPoint, so nothing of it happened).
 */
export function callsStatus(id: string, chainId: number, receipt: OperationReceipt | null) {
  const base = { version: '2.0.0', id, chainId: numberToHex(chainId), atomic: true }
  if (!receipt) return { ...base, status: 100 }
  const { transactionHash, blockHash, blockNumber, gasUsed, logs } = receipt.receipt
  return {
    ...base,
    status: receipt.success ? 200 : 500,
    receipts: [
      {
        logs: logs.map(({ address, data, topics }) => ({ address, data, topics })),
        status: receipt.success ? '0x1' : '0x0',
        blockHash,
        blockNumber,
        gasUsed,
        transactionHash,
      },
    ],
  }
}
