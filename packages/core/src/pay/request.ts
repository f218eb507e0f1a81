/**
 * What a dapp asks `openPay` for, in AppKit Pay's shape (`recipient`, `amount`, `paymentAsset` with
 * `network`, `asset` — `'native'` or a token contract — and `metadata`), checked once here so the
 * modal only ever shows a payment it can make: on the page's one network, to a valid address, an
 * amount the token's decimals can hold.
 */
import { getAddress, isAddress, parseUnits } from 'viem'
import { z } from 'zod/mini'
import { PorticoError } from '../errors.ts'
import { isDecimalAmount } from '../validators.ts'

// zod/mini, as the rest of the page's code: the full library would put its own core in the page's
// first download, though payments load later.
const address = z.string().check(z.refine((value) => isAddress(value, { strict: false }), 'not an address'))

const payOptionsSchema = z.object({
  recipient: address,
  amount: z.union([
    z.number().check(z.positive(), z.refine(Number.isFinite)),
    z.string().check(z.trim(), z.minLength(1)),
  ]),
  paymentAsset: z.object({
    network: z
      .string()
      .check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'a CAIP-2 id such as eip155:8453')),
    asset: z.union([z.literal('native'), address]),
    metadata: z.object({
      name: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
      symbol: z.string().check(z.trim(), z.minLength(1), z.maxLength(16)),
      decimals: z.number().check(z.int(), z.minimum(0), z.maximum(36)),
    }),
  }),
})

export type PayOptions = z.input<typeof payOptionsSchema>

/** A payment as the modal makes it: the token contract absent for the network's own coin. */
export interface PayRequest {
  recipient: `0x${string}`
  /** A plain decimal string in whole token units (`0.0001`, never `1e-4`). */
  amount: string
  contract: `0x${string}` | undefined
  name: string
  symbol: string
  decimals: number
}

/** How a payment ended, as AppKit Pay reports it: the transaction's hash, or why not in words. */
export type PayResult = { success: true; result: `0x${string}` } | { success: false; error: string }

export const PayText = {
  CANCELLED: 'The payment was cancelled',
  REPLACED: 'Another payment was asked for before this one was made',
  OFF: 'features.pay is not enabled: set features: { pay: true } to take payments',
} as const

/** The request, or a PorticoError saying which field is wrong (a mistake in the dapp's code). */
export function parsePayOptions(input: PayOptions, caipNetworkId: string): PayRequest {
  const parsed = payOptionsSchema.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new PorticoError(`Invalid payment: ${issue?.path.join('.') || 'options'}: ${issue?.message}`)
  }
  const { recipient, paymentAsset } = parsed.data
  if (paymentAsset.network !== caipNetworkId)
    throw new PorticoError(
      `Invalid payment: paymentAsset.network is ${paymentAsset.network}, but this page uses ${caipNetworkId}`,
    )
  const { decimals, name, symbol } = paymentAsset.metadata
  const amount = decimalText(parsed.data.amount)
  if (
    !isDecimalAmount(amount) ||
    (amount.split('.')[1]?.length ?? 0) > decimals ||
    parseUnits(amount, decimals) <= 0n
  )
    throw new PorticoError(
      `Invalid payment: amount: ${amount} is not a positive amount of ${decimals} decimals`,
    )
  return {
    recipient: getAddress(recipient),
    amount,
    contract: paymentAsset.asset === 'native' ? undefined : getAddress(paymentAsset.asset),
    name,
    symbol,
    decimals,
  }
}

// A number as a person writes it: 0.0000001 stays that, not JavaScript's 1e-7.
function decimalText(amount: number | string): string {
  if (typeof amount === 'string') return amount
  return amount.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
}
