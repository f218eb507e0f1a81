/**
 * The rules of an account name (behaviour §5: letters, digits or hyphens, at least 4 characters).
 * Pure and shared: the modal says a rule as the visitor types, the services enforce the same one.
 */

export const NameRuleText = {
  CHARACTERS: 'A name may contain only letters, digits or hyphens',
  TOO_SHORT: 'A name must be at least 4 characters',
  TOO_LONG: 'A name must be at most 63 characters',
  HYPHEN_EDGE: 'A name cannot start or end with a hyphen',
  RESERVED: 'This name is reserved',
} as const

const NAME_MIN_LENGTH = 4
// A DNS label's limit, so a name stays a valid ENS name under the suffix.
export const NAME_MAX_LENGTH = 63

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
export function nameLabelProblem(label: string): string | undefined {
  if (!/^[A-Za-z0-9-]*$/.test(label)) return NameRuleText.CHARACTERS
  if (label.length < NAME_MIN_LENGTH) return NameRuleText.TOO_SHORT
  if (label.length > NAME_MAX_LENGTH) return NameRuleText.TOO_LONG
  if (label.startsWith('-') || label.endsWith('-')) return NameRuleText.HYPHEN_EDGE
  if (RESERVED.has(label.toLowerCase())) return NameRuleText.RESERVED
  return undefined
}

/** ENSIP-11: the coin type of an EVM chain, the key of a name's address on it. */
export function coinTypeOf(chainId: number): number {
  return (0x80000000 | chainId) >>> 0
}

/**
 * What the owner signs to register a name (AppKit's shape, so its services could take it too): the
 * full name, its text records, and when it was signed, in unix seconds.
 */
export function nameStatement(name: string, nowMs: number = Date.now()): string {
  return JSON.stringify({ name, attributes: {}, timestamp: Math.floor(nowMs / 1000) })
}
