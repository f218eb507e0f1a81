import { createHash } from 'node:crypto'
import type { SocialProvider } from '../providers.ts'

/** The people the development identity provider offers on its account picker. */
export interface DevUser {
  id: string
  name: string
  /** Each provider's handle for them. */
  handle: string
  email: string | null
  emailVerified: boolean
}

export const DEV_USERS: readonly DevUser[] = [
  { id: 'alice', name: 'Alice Example', handle: 'alice', email: 'alice@example.com', emailVerified: true },
  { id: 'bob', name: 'Bob Example', handle: 'bob', email: 'bob@example.com', emailVerified: true },
  // Shares an address the provider has not verified: never linked to that address's account.
  {
    id: 'carol',
    name: 'Carol Unverified',
    handle: 'carol',
    email: 'carol@example.com',
    emailVerified: false,
  },
  // Shares no address at all.
  { id: 'dan', name: 'Dan Private', handle: 'dan', email: null, emailVerified: false },
]

/**
 * The id a provider gives a dev user, in that provider's format (numeric for X, Discord, GitHub,
 * Facebook and Telegram) and different per provider, as real ones are.
 */
export function providerIdOf(provider: SocialProvider, user: DevUser): string {
  const digest = createHash('sha256').update(`${provider}:${user.id}`).digest()
  return (digest.readBigUInt64BE(0) % 10n ** 15n).toString()
}
