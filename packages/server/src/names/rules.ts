/**
 * The rules of an account name (behaviour §5: letters, digits or hyphens, at least 4 characters)
 * and of the statement its owner signs. Pure, so the routes and their tests share one source.
 */
import { z } from 'zod'

export const NameText = {
  CHARACTERS: 'A name may contain only letters, digits or hyphens',
  TOO_SHORT: 'A name must be at least 4 characters',
  TOO_LONG: 'A name must be at most 63 characters',
  HYPHEN_EDGE: 'A name cannot start or end with a hyphen',
  RESERVED: 'This name is reserved',
  OTHER_SUFFIX: 'This name is not under this service’s suffix',
  TAKEN: 'This name is taken',
  NOT_FOUND: 'No account has this name',
  BAD_MESSAGE: 'message: expected the signed JSON {name, attributes, timestamp}',
  OTHER_COIN: 'coin_type: this service names accounts on its own chain only',
  OLD_TIMESTAMP: 'The signed message is too old or from the future: sign a new one',
  BAD_SIGNATURE: 'Invalid signature',
  BAD_AVATAR: 'attributes.avatar: expected an https: or data:image/ URL',
  TOO_MANY: 'Too many name registrations from this address. Try again in an hour.',
} as const

const MIN_LENGTH = 4
// A DNS label's limit, so a name stays a valid ENS name under the suffix.
const MAX_LENGTH = 63
/** Names people would take for the service's or a well-known party's own. */
const RESERVED = new Set([
  'admin',
  'root',
  'support',
  'portico',
  'wallet',
  'help',
  'info',
  'security',
  'official',
])

/** The first rule a label breaks, or undefined; the label is what comes before the suffix. */
export function labelProblem(label: string): string | undefined {
  if (!/^[A-Za-z0-9-]*$/.test(label)) return NameText.CHARACTERS
  if (label.length < MIN_LENGTH) return NameText.TOO_SHORT
  if (label.length > MAX_LENGTH) return NameText.TOO_LONG
  if (label.startsWith('-') || label.endsWith('-')) return NameText.HYPHEN_EDGE
  if (RESERVED.has(label.toLowerCase())) return NameText.RESERVED
  return undefined
}

/**
 * The label of `name`: either a bare label or the full name under `suffix` (`alice.portico.id`);
 * undefined for a name under another suffix.
 */
export function labelOf(name: string, suffix: string): string | undefined {
  const dotted = `.${suffix}`
  if (name.toLowerCase().endsWith(dotted.toLowerCase())) return name.slice(0, -dotted.length)
  return name.includes('.') ? undefined : name
}

/** ENSIP-11: the coin type of an EVM chain. */
export function coinTypeOf(chainId: number): number {
  return (0x80000000 | chainId) >>> 0
}

/** What the owner signs (AppKit's shape): the name, its text records, and when it was signed. */
export const SignedStatement = z.object({
  name: z.string().min(1).max(300),
  attributes: z.record(z.string().max(64), z.string().max(2048)).default({}),
  timestamp: z.number().int().nonnegative(),
})
export type SignedStatement = z.infer<typeof SignedStatement>

export function parseStatement(message: string): SignedStatement | undefined {
  try {
    const parsed = SignedStatement.safeParse(JSON.parse(message))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** A wallet prompt can stay open a while; a statement older than this is not taken as fresh consent. */
const MAX_AGE_S = 5 * 60
/** Clocks differ a little between the signer's device and the services. */
const MAX_AHEAD_S = 30

export function isFresh(timestamp: number, nowMs: number): boolean {
  const now = Math.floor(nowMs / 1000)
  return timestamp >= now - MAX_AGE_S && timestamp <= now + MAX_AHEAD_S
}

/** Free alternatives to a taken label, in the order they are offered: digits, then a word. */
export function candidateLabels(label: string): string[] {
  const base = label.slice(0, MAX_LENGTH - 4).replace(/-+$/, '')
  const numbered = Array.from({ length: 9 }, (_, index) => `${base}${index + 1}`)
  const worded = ['app', 'eth', 'web3', 'id'].map((word) => `${base}-${word}`)
  return [...numbered, ...worded].filter((candidate) => labelProblem(candidate) === undefined)
}
