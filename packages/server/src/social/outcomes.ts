import type { Kysely, Transaction } from 'kysely'
import type { Tables } from '../db/tables.ts'
import { newToken } from '../embedded/tokens.ts'
import type { TokenHasher } from '../hash-secret.ts'
import { settleAttempt } from './attempts.ts'
import { userOfIdentity } from './identities.ts'
import type { Ended } from './popup-pages.ts'
import type { SocialProfile } from './profiles.ts'
import type { SocialProvider } from './providers.ts'

/** The attempt ends without a login: cancelled by the person at the provider, or failed there. */
export async function endWithoutLogin(
  db: Kysely<Tables>,
  attemptId: string,
  label: string,
  denied: boolean,
): Promise<Ended> {
  const message = denied
    ? `The login was cancelled at ${label}.`
    : `${label} did not complete the login. Please try again.`
  await settleAttempt(db, attemptId, { code: denied ? 'access_denied' : 'provider_error', message })
  return { status: 'error', heading: denied ? 'Login cancelled' : 'Login failed', text: message }
}

/**
 * The person the provider vouched for becomes the attempt's login, waiting for the click on the
 * confirmation page whose token this returns. `spend` runs first in the same transaction (a
 * provider answer that must be used up once); when it throws, nothing is settled.
 */
export async function loginToConfirm(
  db: Kysely<Tables>,
  hashToken: TokenHasher,
  attempt: { id: string; provider: SocialProvider },
  profile: SocialProfile,
  spend?: (trx: Transaction<Tables>) => Promise<void>,
): Promise<string> {
  const token = newToken()
  await db.transaction().execute(async (trx) => {
    await spend?.(trx)
    const userId = await userOfIdentity(trx, attempt.provider, profile)
    await settleAttempt(trx, attempt.id, { userId, subject: profile.subject, confirmHash: hashToken(token) })
  })
  return token
}
