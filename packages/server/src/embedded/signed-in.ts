import type { Kysely, Transaction } from 'kysely'
import { z } from 'zod'
import type { Tables } from '../db/tables.ts'
import type { TokenHasher } from '../hash-secret.ts'
import { createSession, type SessionSocial, type UserRow } from './accounts.ts'
import { recoveryOf } from './key-shares.ts'
import { PublicUser, publicUser } from './public-user.ts'

/** What every login answers the frame with: its session token and the user (e-mail and social alike). */
export const SignedIn = z.object({ token: z.string(), user: PublicUser })

type Db = Kysely<Tables> | Transaction<Tables>

export async function publicUserOf(
  db: Db,
  chainId: number,
  user: UserRow & { social: SessionSocial | null },
): Promise<z.input<typeof PublicUser>> {
  return publicUser({ ...user, ...(await recoveryOf(db, user.id)) }, chainId)
}

/** Opens a session for the frame of `deviceId` and answers as every login does. */
export async function signIn(
  db: Db,
  hashToken: TokenHasher,
  chainId: number,
  input: {
    user: UserRow
    projectId: string
    deviceId: string
    /** For a social login: the identity, which the session remembers. */
    social?: SessionSocial & { subject: string }
    /** The login was a mailed code this device redeemed (accounts.ts `createSession`). */
    codeVerified?: boolean
  },
): Promise<z.input<typeof SignedIn>> {
  const { user, projectId, deviceId, social, codeVerified } = input
  const token = await createSession(db, hashToken, {
    userId: user.id,
    projectId,
    deviceId,
    social,
    codeVerified,
  })
  const shown = social ? { provider: social.provider, username: social.username } : null
  return { token, user: await publicUserOf(db, chainId, { ...user, social: shown }) }
}
