/**
 * After each commit the indexer says which accounts gained activity, on one channel for all
 * chains, so every instance can drop what it keeps of those accounts' history. A payload is
 * `<chainId>:<address>,<address>…` (lower case), or `<chainId>:*` when everything may have changed
 * (a rollback, or a batch touching too many accounts to list).
 */
export const ACTIVITY_CHANNEL = 'portico_chain_activity'

// NOTIFY payloads must stay under 8,000 bytes; one address with its comma is 43.
const ADDRESSES_PER_MESSAGE = 180
const MAX_LISTED = 20 * ADDRESSES_PER_MESSAGE

type Announcement = { chainId: number; addresses: string[] | 'all' }

export function announcements(chainId: number, addresses: ReadonlySet<string> | 'all'): string[] {
  if (addresses === 'all' || addresses.size > MAX_LISTED) return [`${chainId}:*`]
  const listed = [...addresses]
  const messages: string[] = []
  for (let start = 0; start < listed.length; start += ADDRESSES_PER_MESSAGE) {
    messages.push(`${chainId}:${listed.slice(start, start + ADDRESSES_PER_MESSAGE).join(',')}`)
  }
  return messages
}

/** Undefined for a payload this version does not understand, which a listener must treat as "all". */
export function readAnnouncement(payload: string): Announcement | undefined {
  const match = /^(\d+):(\*|0x[0-9a-f]{40}(?:,0x[0-9a-f]{40})*)$/.exec(payload)
  if (!match) return undefined
  const chainId = Number(match[1])
  return { chainId, addresses: match[2] === '*' ? 'all' : (match[2] as string).split(',') }
}
