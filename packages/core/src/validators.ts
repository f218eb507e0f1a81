/**
 * The validation rules of behaviour §5. The server imports these too, so nothing here may touch the DOM,
 * and inputs that cross a trust boundary get zod schemas.
 */
import { type Address, getAddress, isAddress } from 'viem'
import { z } from 'zod/mini'

// zod/mini, unlike full zod, registers no messages of its own (every issue would read "Invalid
// input"); set zod's English ones unless a locale is already configured, exactly as full zod does.
if (!z.config().localeError) z.config(z.locales.en())

const DECIMAL = /^-?\d+(\.\d+)?$/
const EIP155_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

export function isDecimalAmount(value: string): boolean {
  return DECIMAL.test(value)
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
 * The eip155 address a transfer goes to, from what the user typed: `0x` is optional (behaviour §5),
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

export const emailSchema = z.email()

export function isValidEmail(value: string): boolean {
  return emailSchema.safeParse(value).success
}

const SOCIAL_PROVIDERS = [
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
