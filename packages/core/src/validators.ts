/**
 * The validation rules of SPEC §5. The server imports these too, so nothing here may touch the DOM,
 * and inputs that cross a trust boundary get zod schemas.
 */
import { type Address, getAddress, isAddress } from 'viem'
import { z } from 'zod/mini'
import { ACCOUNT_NAME_MIN_LENGTH } from './constants.ts'
import { ErrorText, type NodeErrorKind } from './errors.ts'

// zod/mini, unlike full zod, registers no messages of its own (every issue would read "Invalid
// input"); set zod's English ones unless a locale is already configured, exactly as full zod does.
if (!z.config().localeError) z.config(z.locales.en())

const ACCOUNT_NAME = new RegExp(`^[a-zA-Z0-9-]{${ACCOUNT_NAME_MIN_LENGTH},}$`)
const DECIMAL = /^-?\d+(\.\d+)?$/
const EIP155_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/
const SIGNED_MESSAGE = /^0x[0-9a-fA-F]{62,}$/

export const MAX_UINT256 = 2n ** 256n - 1n

export function isValidAccountName(name: string): boolean {
  return ACCOUNT_NAME.test(name)
}

export function isDecimalAmount(value: string): boolean {
  return DECIMAL.test(value)
}

export interface SendInput {
  token: unknown
  amount: string | number | undefined
  receiverAddress: string | undefined
}

/** The error text the send view shows, or undefined when the transfer may go ahead. */
export function validateSendInput({ token, amount, receiverAddress }: SendInput): string | undefined {
  if (!hasPositiveAmount(amount) || !receiverAddress?.trim()) return ErrorText.SEND_NEEDS_AMOUNT_AND_RECEIVER
  if (!token) return ErrorText.SEND_NEEDS_TOKEN
  return undefined
}

function hasPositiveAmount(amount: string | number | undefined): boolean {
  if (typeof amount === 'number') return Number.isFinite(amount) && amount > 0
  if (typeof amount !== 'string') return false
  const trimmed = amount.trim()
  return isDecimalAmount(trimmed) && /[1-9]/.test(trimmed) && !trimmed.startsWith('-')
}

/** The quick per-namespace shape check; namespaces without a rule are never valid. */
export function isValidAddress(address: string, namespace: string): boolean {
  if (namespace === 'eip155') return EIP155_ADDRESS.test(address)
  if (namespace === 'solana') return SOLANA_ADDRESS.test(address)
  return false
}

/**
 * The library-level check: 0x plus 20 bytes, and a mixed-case address must carry a correct EIP-55
 * checksum. All-lowercase carries no checksum and is accepted, as viem and ethers do.
 */
export function isChecksummedAddress(address: string): boolean {
  return isAddress(address, { strict: true })
}

/**
 * The eip155 address a transfer goes to, from what the user typed: `0x` is optional (SPEC §5),
 * all-lowercase or all-uppercase hex carries no checksum and is taken as it is, and mixed case
 * must be a correct EIP-55 checksum — a typo in a checksummed address is caught, not sent.
 */
export function toTransferAddress(input: string): Address | undefined {
  const trimmed = input.trim()
  const hex = trimmed.startsWith('0x') ? trimmed.slice(2) : trimmed
  if (!/^[0-9a-fA-F]{40}$/.test(hex)) return undefined
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return getAddress(`0x${hex.toLowerCase()}`)
  return isChecksummedAddress(`0x${hex}`) ? getAddress(`0x${hex}`) : undefined
}

export function isFeeWithinLimit(fee: bigint): boolean {
  return fee >= 0n && fee <= MAX_UINT256
}

/** Rejects the fee combinations a node would refuse, named like the node errors they cause. */
export function checkFees(fees: {
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
}): Extract<NodeErrorKind, 'fee_cap_too_high' | 'tip_above_fee_cap'> | undefined {
  const { maxFeePerGas, maxPriorityFeePerGas } = fees
  if (maxFeePerGas !== undefined && !isFeeWithinLimit(maxFeePerGas)) return 'fee_cap_too_high'
  if (maxPriorityFeePerGas !== undefined && !isFeeWithinLimit(maxPriorityFeePerGas)) return 'fee_cap_too_high'
  if (
    maxFeePerGas !== undefined &&
    maxPriorityFeePerGas !== undefined &&
    maxPriorityFeePerGas > maxFeePerGas
  ) {
    return 'tip_above_fee_cap'
  }
  return undefined
}

export function isTransactionHash(value: string): value is `0x${string}` {
  return TRANSACTION_HASH.test(value)
}

export function isSignedMessage(value: string): value is `0x${string}` {
  return SIGNED_MESSAGE.test(value)
}

export const emailSchema = z.email()

export function isValidEmail(value: string): boolean {
  return emailSchema.safeParse(value).success
}

export const otpSchema = z.string()

export const SOCIAL_PROVIDERS = [
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
  'farcaster',
  'telegram',
] as const
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS)
export type SocialProvider = z.infer<typeof socialProviderSchema>

const hexString = z.string().check(z.startsWith('0x'))

/** One EIP-5792 call; unknown fields (per-call capabilities) pass through untouched. */
export const sendCallSchema = z.looseObject({
  to: hexString,
  data: z.optional(hexString),
  value: z.optional(z.string()),
})

/** The `wallet_sendCalls` parameters object. */
export const sendCallsSchema = z.looseObject({
  version: z.optional(z.string()),
  chainId: z.optional(z.union([z.string(), z.number()])),
  from: z.optional(hexString),
  calls: z.array(sendCallSchema),
  capabilities: z.optional(z.record(z.string(), z.unknown())),
})
export type SendCallsParameters = z.infer<typeof sendCallsSchema>
