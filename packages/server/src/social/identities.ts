import { randomUUID } from 'node:crypto'
import { sql, type Transaction } from 'kysely'
import type { Tables } from '../db/tables.ts'
import { findOrCreateUser } from '../embedded/accounts.ts'
import type { SocialProfile } from './profiles.ts'
import type { SocialProvider } from './providers.ts'

/**
 * The embedded-wallet user of (provider, subject). On the identity's first login it joins the user
 * of its address when the provider says the address is verified, else a new user — with that
 * address only when verified, so an unverified one never opens someone's e-mail account, nor blocks
 * its owner from making one. Later logins refresh the user name and address the provider gave.
 */
export async function userOfIdentity(
  trx: Transaction<Tables>,
  /** Farcaster's identities (subject = fid) live here too, logged in by `farcaster/login-routes.ts`. */
  provider: SocialProvider | 'farcaster',
  profile: SocialProfile,
): Promise<string> {
  const seen = {
    username: profile.username,
    email: profile.email,
    email_verified: profile.emailVerified,
  }
  const known = await trx
    .updateTable('embedded_social_identities')
    .set({ ...seen, last_login_at: sql<Date>`now()` })
    .where('provider', '=', provider)
    .where('subject', '=', profile.subject)
    .returning('user_id')
    .executeTakeFirst()
  if (known) return known.user_id
  const userId =
    profile.emailVerified && profile.email
      ? (await findOrCreateUser(trx, profile.email)).id
      : await newUserWithoutEmail(trx)
  await trx
    .insertInto('embedded_social_identities')
    .values({ provider, subject: profile.subject, user_id: userId, ...seen })
    .onConflict((conflict) => conflict.columns(['provider', 'subject']).doNothing())
    .execute()
  // A concurrent first login of the same identity may have won the insert: its user is the one.
  const stored = await trx
    .selectFrom('embedded_social_identities')
    .select('user_id')
    .where('provider', '=', provider)
    .where('subject', '=', profile.subject)
    .executeTakeFirstOrThrow()
  return stored.user_id
}

async function newUserWithoutEmail(trx: Transaction<Tables>): Promise<string> {
  const id = randomUUID()
  await trx.insertInto('embedded_users').values({ id, email: null }).execute()
  return id
}

/** The user name the account shows for this identity. */
export async function usernameOf(
  trx: Transaction<Tables>,
  provider: string,
  subject: string,
): Promise<string> {
  const row = await trx
    .selectFrom('embedded_social_identities')
    .select('username')
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirstOrThrow()
  return row.username
}
