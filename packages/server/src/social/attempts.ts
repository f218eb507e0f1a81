import { randomBytes } from 'node:crypto'
import { type Kysely, sql, type Transaction } from 'kysely'
import * as oidc from 'openid-client'
import type { Tables } from '../db/tables.ts'
import type { RequestContext } from '../embedded/request-context.ts'
import { MAIL_LIMITS } from '../embedded/throttle.ts'
import type { TokenHasher } from '../hash-secret.ts'
import { HttpError } from '../http/errors.ts'
import type { SocialProvider } from './providers.ts'
import type { AttemptChecks } from './relying-party.ts'
import type { AttemptStatus } from './tables.ts'

/** How long a login attempt may take from the click to the frame's poll. */
const ATTEMPT_TTL_MINUTES = 10
/** Finished and abandoned attempts are kept a day, then dropped by the next start. */
const ATTEMPT_KEEP_HOURS = 24

type Db = Kysely<Tables> | Transaction<Tables>

const TOO_MANY_LOGINS = 'Too many logins were started. Please try again later.'
const live = sql<boolean>`expires_at > now()`

/** The attempt id: in the popup's URL and the frame's polls, 128 bits, base64url. */
export const ATTEMPT_ID = /^[A-Za-z0-9_-]{22}$/

/**
 * A new attempt for the frame of `deviceId`, counted against its IP as e-mail login counts mails:
 * at most `MAIL_LIMITS.perIpPerHour` an hour, so the limit reads the same for both.
 */
export async function createAttempt(
  db: Kysely<Tables>,
  input: {
    provider: SocialProvider
    projectId: string
    deviceId: string
    parentOrigin: string
    ip: string
    /** The project's name and the frame's device, as a confirmation page shows them. */
    context: { project: string; device: string }
  },
): Promise<string> {
  const started = await db
    .selectFrom('embedded_social_attempts')
    .select((row) => row.fn.countAll<number>().as('count'))
    .where('ip', '=', input.ip)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow()
  if (Number(started.count) >= MAIL_LIMITS.perIpPerHour) throw new HttpError(429, TOO_MANY_LOGINS)
  await db
    .deleteFrom('embedded_social_attempts')
    .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${ATTEMPT_KEEP_HOURS})`)
    .execute()
  const id = randomBytes(16).toString('base64url')
  await db
    .insertInto('embedded_social_attempts')
    .values({
      id,
      provider: input.provider,
      project_id: input.projectId,
      device_id: input.deviceId,
      parent_origin: input.parentOrigin,
      ip: input.ip,
      request_project: input.context.project,
      request_device: input.context.device,
      status: 'created',
      expires_at: sql<Date>`now() + make_interval(mins => ${ATTEMPT_TTL_MINUTES})`,
    })
    .execute()
  return id
}

/**
 * The popup's first page, once per attempt: makes the state, nonce and PKCE verifier and keeps
 * what the answer will be checked against (the state only as a keyed hash), with the keyed hash of
 * `browserSecret`, the value the page puts in the popup's cookie. Undefined when the attempt is
 * unknown, expired or already on its way.
 */
export async function leaveForProvider(
  db: Db,
  hash: TokenHasher,
  id: string,
  browserSecret: string,
): Promise<{ provider: SocialProvider; checks: AttemptChecks } | undefined> {
  const checks = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
  }
  const row = await db
    .updateTable('embedded_social_attempts')
    .set({
      status: 'redirected',
      state_hash: hash(checks.state),
      browser_hash: hash(browserSecret),
      nonce: checks.nonce,
      code_verifier: checks.codeVerifier,
    })
    .where('id', '=', id)
    .where('status', '=', 'created')
    .where(live)
    .returning('provider')
    .executeTakeFirst()
  return row ? { provider: row.provider as SocialProvider, checks } : undefined
}

export interface AnsweredAttempt {
  id: string
  provider: SocialProvider
  parentOrigin: string
  deviceId: string
  checks: AttemptChecks
  /** Who started it, as a confirmation page shows it. */
  started: RequestContext
}

/**
 * The provider's answer spends the state, from the browser that left for the provider only (its
 * cookie's `browserSecret`): the one attempt waiting for it moves on in the same statement that
 * finds it, so a replayed answer finds nothing. An answer that reaches another browser leaves the
 * attempt as it was and is told apart (`otherBrowser`), so the page can say why.
 */
export async function takeAnswer(
  db: Db,
  hash: TokenHasher,
  state: string,
  browserSecret: string | undefined,
): Promise<AnsweredAttempt | 'otherBrowser' | undefined> {
  const row = await db
    .updateTable('embedded_social_attempts')
    .set({ status: 'exchanging' })
    .where('state_hash', '=', hash(state))
    .where('status', '=', 'redirected')
    .where(live)
    .where('browser_hash', '=', browserSecret === undefined ? '' : hash(browserSecret))
    .returning([
      'id',
      'provider',
      'parent_origin',
      'device_id',
      'nonce',
      'code_verifier',
      'ip',
      'request_project',
      'request_device',
      'created_at',
    ])
    .executeTakeFirst()
  if (!row) {
    const elsewhere = await db
      .selectFrom('embedded_social_attempts')
      .select('id')
      .where('state_hash', '=', hash(state))
      .where('status', '=', 'redirected')
      .where(live)
      .executeTakeFirst()
    return elsewhere ? 'otherBrowser' : undefined
  }
  if (!row?.nonce || !row.code_verifier) return undefined
  return {
    id: row.id,
    provider: row.provider as SocialProvider,
    parentOrigin: row.parent_origin,
    deviceId: row.device_id,
    checks: { state, nonce: row.nonce, codeVerifier: row.code_verifier },
    started: {
      project: row.request_project,
      origin: row.parent_origin,
      device: row.request_device,
      ip: row.ip,
      time: row.created_at,
    },
  }
}

/**
 * The attempt's outcome: who logged in — waiting for the person's confirmation on the page whose
 * button holds the token of `confirmHash` —, or why not. The verifier and nonce are dropped either way.
 */
export async function settleAttempt(
  db: Db,
  id: string,
  outcome: { userId: string; subject: string; confirmHash: string } | { code: string; message: string },
): Promise<void> {
  await db
    .updateTable('embedded_social_attempts')
    .set({
      ...('userId' in outcome
        ? {
            status: 'confirming',
            user_id: outcome.userId,
            subject: outcome.subject,
            confirm_hash: outcome.confirmHash,
          }
        : { status: 'failed', error_code: outcome.code, error_message: outcome.message }),
      nonce: null,
      code_verifier: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'exchanging')
    .execute()
}

/** The confirmation page's button, once: the waiting login becomes `done`. */
export async function confirmAttempt(
  db: Db,
  hash: TokenHasher,
  token: string,
): Promise<{ id: string; parentOrigin: string } | undefined> {
  const row = await db
    .updateTable('embedded_social_attempts')
    .set({ status: 'done', confirm_hash: null })
    .where('confirm_hash', '=', hash(token))
    .where('status', '=', 'confirming')
    .where(live)
    .returning(['id', 'parent_origin'])
    .executeTakeFirst()
  return row ? { id: row.id, parentOrigin: row.parent_origin } : undefined
}

export interface AttemptView {
  provider: SocialProvider
  status: AttemptStatus
  expired: boolean
  errorCode: string | null
  errorMessage: string | null
}

/** The attempt as its own frame sees it: the project and device that started it, no other. */
export async function attemptFor(
  db: Db,
  input: { id: string; projectId: string; deviceId: string },
): Promise<AttemptView | undefined> {
  const row = await db
    .selectFrom('embedded_social_attempts')
    .select([
      'provider',
      'status',
      'error_code',
      'error_message',
      sql<boolean>`expires_at <= now()`.as('expired'),
    ])
    .where('id', '=', input.id)
    .where('project_id', '=', input.projectId)
    .where('device_id', '=', input.deviceId)
    .executeTakeFirst()
  return row
    ? {
        provider: row.provider as SocialProvider,
        status: row.status,
        expired: row.expired,
        errorCode: row.error_code,
        errorMessage: row.error_message,
      }
    : undefined
}

/** Hands a finished login to its frame exactly once: `done` becomes `taken` in the statement that reads it. */
export async function takeLogin(
  db: Db,
  id: string,
): Promise<{ userId: string; provider: SocialProvider; subject: string } | undefined> {
  const row = await db
    .updateTable('embedded_social_attempts')
    .set({ status: 'taken' })
    .where('id', '=', id)
    .where('status', '=', 'done')
    .where(live)
    .returning(['user_id', 'provider', 'subject'])
    .executeTakeFirst()
  if (!row?.user_id || !row.subject) return undefined
  return { userId: row.user_id, provider: row.provider as SocialProvider, subject: row.subject }
}
