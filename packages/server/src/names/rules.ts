/**
 * What the services add to the rules of an account name (those are core's `names/rules.ts`, which
 * the modal shows as the visitor types): names under the suffix, the statement its owner signs,
 * free alternatives. Pure, so the routes and their tests share one source.
 */
import { NAME_MAX_LENGTH, NameRuleText, nameLabelProblem } from '@portico/core/shared'
import { z } from 'zod'

/** The rule texts the modal shows too, and the refusals only the services make. */
export const NameText = {
  ...NameRuleText,
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

/**
 * The label of `name`: either a bare label or the full name under `suffix` (`alice.portico.id`);
 * undefined for a name under another suffix.
 */
export function labelOf(name: string, suffix: string): string | undefined {
  const dotted = `.${suffix}`
  if (name.toLowerCase().endsWith(dotted.toLowerCase())) return name.slice(0, -dotted.length)
  return name.includes('.') ? undefined : name
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
  const base = label.slice(0, NAME_MAX_LENGTH - 4).replace(/-+$/, '')
  const numbered = Array.from({ length: 9 }, (_, index) => `${base}${index + 1}`)
  const worded = ['app', 'eth', 'web3', 'id'].map((word) => `${base}-${word}`)
  return [...numbered, ...worded].filter((candidate) => nameLabelProblem(candidate) === undefined)
}
