import { randomUUID } from 'node:crypto'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Tables } from '../db/tables.ts'
import type { TokenHasher } from '../hash-secret.ts'
import { HttpError } from '../http/errors.ts'
import { newToken } from './tokens.ts'

const SESSION_TTL_DAYS = 30
const SESSION_INVALID = 'Invalid session'
const NO_EMAIL = 'This account has no e-mail address: it logs in with a social account'

export interface UserRow {
  id: string
  /** Null for a user who logged in socially without a verified address. */
  email: string | null
  /** Null until the secure frame sets up the user's key (key-routes.ts). */
  address: string | null
  /** Non-null only for a user from before key shares (a legacy user), until the frame reshares the key. */
  encrypted_key: string | null
  /** The smart account a rotated key owns; null: the factory's account of `address`. */
  smart_account: string | null
  preferred_account_type: string
}

const USER_COLUMNS = [
  'embedded_users.id',
  'embedded_users.email',
  'address',
  'encrypted_key',
  'smart_account',
  'preferred_account_type',
] as const

/** The social identity a session was opened with, as the account view shows it (behaviour §3). */
export interface SessionSocial {
  provider: string
  username: string
}

type Db = Kysely<Tables> | Transaction<Tables>

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('embedded_users')
    .select(USER_COLUMNS)
    .where('embedded_users.id', '=', id)
    .executeTakeFirst()
}

/** A user who has this address; only a verified address is ever stored on a user. */
export type UserWithEmail = UserRow & { email: string }

export function findUserByEmail(db: Db, email: string): Promise<UserWithEmail | undefined> {
  return db
    .selectFrom('embedded_users')
    .select(USER_COLUMNS)
    .where('email', '=', email)
    .executeTakeFirst() as Promise<UserWithEmail | undefined>
}

/** The user's e-mail address for the steps that mail a code; a user without one cannot take them. */
export function emailOf(user: UserRow): string {
  if (user.email === null) throw new HttpError(409, NO_EMAIL)
  return user.email
}

/** The user of this address, created on first login without a key: the secure frame makes one. */
export async function findOrCreateUser(db: Db, email: string): Promise<UserWithEmail> {
  const existing = await findUserByEmail(db, email)
  if (existing) return existing
  await db
    .insertInto('embedded_users')
    .values({ id: randomUUID(), email })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute()
  // A concurrent first login may have won the insert; its row is the one to use.
  const user = await findUserByEmail(db, email)
  if (!user) throw new Error(`user ${email} vanished`)
  return user
}

export async function isDeviceApproved(db: Db, userId: string, deviceId: string): Promise<boolean> {
  const row = await db
    .selectFrom('embedded_devices')
    .select('approved_at')
    .where('user_id', '=', userId)
    .where('device_id', '=', deviceId)
    .executeTakeFirst()
  return Boolean(row?.approved_at)
}

export async function approveDevice(db: Db, userId: string, deviceId: string): Promise<void> {
  await db
    .insertInto('embedded_devices')
    .values({ user_id: userId, device_id: deviceId, approved_at: sql<Date>`now()` })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'device_id']).doUpdateSet({ approved_at: sql<Date>`now()` }),
    )
    .execute()
}

export async function createSession(
  db: Db,
  hash: TokenHasher,
  input: {
    userId: string
    projectId: string
    deviceId: string
    /** The identity of a social login (social/identities.ts); absent for e-mail login. */
    social?: { provider: string; subject: string } | undefined
    /**
     * The login was a code mailed to the user and redeemed by this device's key: the one login after
     * which operator recovery may release its share (key-shares.ts).
     */
    codeVerified?: boolean | undefined
  },
): Promise<string> {
  const token = newToken()
  await db
    .insertInto('embedded_sessions')
    .values({
      token_hash: hash(token),
      user_id: input.userId,
      project_id: input.projectId,
      device_id: input.deviceId,
      social_provider: input.social?.provider ?? null,
      social_subject: input.social?.subject ?? null,
      code_verified_at: input.codeVerified ? sql<Date>`now()` : null,
      expires_at: sql<Date>`now() + make_interval(days => ${SESSION_TTL_DAYS})`,
    })
    .execute()
  return token
}

/** The user behind a live session of this project and device, or a 401. */
export async function sessionUser(
  db: Db,
  hash: TokenHasher,
  input: { token: string | undefined; projectId: string; deviceId: string },
): Promise<UserRow & { tokenHash: string; social: SessionSocial | null }> {
  if (!input.token) throw new HttpError(401, SESSION_INVALID)
  const tokenHash = hash(input.token)
  const row = await db
    .selectFrom('embedded_sessions')
    .innerJoin('embedded_users', 'embedded_users.id', 'embedded_sessions.user_id')
    .leftJoin('embedded_social_identities as identity', (join) =>
      join
        .onRef('identity.provider', '=', 'embedded_sessions.social_provider')
        .onRef('identity.subject', '=', 'embedded_sessions.social_subject'),
    )
    .select([...USER_COLUMNS, 'identity.provider as social_provider', 'identity.username as social_username'])
    .where('token_hash', '=', tokenHash)
    .where('project_id', '=', input.projectId)
    .where('device_id', '=', input.deviceId)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst()
  if (!row) throw new HttpError(401, SESSION_INVALID)
  const { social_provider, social_username, ...user } = row
  const social =
    social_provider && social_username ? { provider: social_provider, username: social_username } : null
  return { ...user, tokenHash, social }
}

export async function endSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('embedded_sessions').where('token_hash', '=', tokenHash).execute()
}

/** Ends every session of the user but the one that asked (an e-mail change). */
export async function endOtherSessions(db: Db, userId: string, keepTokenHash: string): Promise<void> {
  await db
    .deleteFrom('embedded_sessions')
    .where('user_id', '=', userId)
    .where('token_hash', '!=', keepTokenHash)
    .execute()
}
