import { z } from 'zod'
import type { SessionSocial, UserRow } from './accounts.ts'
import type { RecoveryKind } from './tables.ts'

/**
 * The embedded wallet's user as behaviour §3 describes it; the EOA is the only account until smart
 * accounts land. A user whose key the frame has not set up yet has no address and no account (the
 * frame sets the key up before it answers the page, so the page never sees one).
 */
export const PublicUser = z.object({
  /** Null for a social login that brought no verified address. */
  email: z.string().nullable(),
  /** The social identity this session logged in with (behaviour §3 "connected social provider and username"). */
  social: z.object({ provider: z.string(), username: z.string() }).nullable(),
  address: z.string().nullable(),
  chainId: z.number(),
  accounts: z.array(z.object({ address: z.string(), type: z.literal('eoa') })),
  preferredAccountType: z.literal('eoa'),
  smartAccountDeployed: z.boolean(),
  /** Who can restore the wallet on a new device: the app's operator, only the user's passkey, or nobody yet (no key). */
  recovery: z.enum(['operator', 'passkey']).nullable(),
  /** Recovery shares issued before still open this key: a key rotation would make them worthless. */
  rotationAdvised: z.boolean(),
  /** The smart account a rotated key owns (its address stays); null: the factory's account of `address`. */
  smartAccount: z.string().nullable(),
})

export function publicUser(
  user: Pick<UserRow, 'email' | 'address' | 'smart_account'> & {
    recovery: RecoveryKind | null
    rotationAdvised: boolean
    social: SessionSocial | null
  },
  chainId: number,
): z.input<typeof PublicUser> {
  return {
    email: user.email,
    social: user.social,
    address: user.address,
    chainId,
    accounts: user.address ? [{ address: user.address, type: 'eoa' }] : [],
    preferredAccountType: 'eoa',
    smartAccountDeployed: false,
    recovery: user.recovery,
    rotationAdvised: user.rotationAdvised,
    smartAccount: user.smart_account,
  }
}
