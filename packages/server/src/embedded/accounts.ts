import { randomUUID } from 'node:crypto'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Tables } from '../db/tables.ts'
import type { TokenHasher } from '../hash-secret.ts'
import { HttpError } from '../http/errors.ts'
import type { RequestContext } from './request-context.ts'
import { newToken } from './tokens.ts'

const SESSION_TTL_DAYS = 30
/** An approval link is good for as long as a code is. */
const DEVICE_LINK_TTL_MINUTES = 10
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
  preferred_account_type: string
}

const USER_COLUMNS = [
  'embedded_users.id',
  'embedded_users.email',
  'address',
  'encrypted_key',
  'preferred_account_type',
] as const

/** The social identity a session was opened with, as the account view shows it (SPEC §3). */
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

/**
 * Starts an approval for a new device; the returned secret goes into the e-mailed link only. The
 * request is kept beside it so the link's page shows what the mail showed.
 */
export async function requestDeviceApproval(
  db: Db,
  hash: TokenHasher,
  input: { userId: string; deviceId: string; context: RequestContext },
): Promise<string> {
  const token = newToken()
  const pending = {
    approval_token_hash: hash(token),
    request_project: input.context.project,
    request_origin: input.context.origin,
    request_device: input.context.device,
    request_ip: input.context.ip,
  }
  await db
    .insertInto('embedded_devices')
    .values({ user_id: input.userId, device_id: input.deviceId, ...pending })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'device_id'])
        .doUpdateSet({ ...pending, approved_at: null, created_at: sql<Date>`now()` }),
    )
    .execute()
  return token
}

const isPendingLink = (hash: TokenHasher, token: string) =>
  sql<boolean>`approval_token_hash = ${hash(token)} and approved_at is null
    and created_at > now() - make_interval(mins => ${DEVICE_LINK_TTL_MINUTES})`

/** The login a live link would approve, as it was asked for; undefined when unknown, used or expired. */
export async function pendingDeviceRequest(
  db: Db,
  hash: TokenHasher,
  token: string,
): Promise<RequestContext | undefined> {
  const row = await db
    .selectFrom('embedded_devices')
    .select(['request_project', 'request_origin', 'request_device', 'request_ip', 'created_at'])
    .where(isPendingLink(hash, token))
    .executeTakeFirst()
  return row
    ? {
        project: row.request_project ?? '',
        origin: row.request_origin ?? '',
        device: row.request_device ?? '',
        ip: row.request_ip ?? '',
        time: row.created_at,
      }
    : undefined
}

/** The link's one use: marks the device approved; false when unknown, used or expired. */
export async function approveDeviceByLink(db: Db, hash: TokenHasher, token: string): Promise<boolean> {
  const result = await db
    .updateTable('embedded_devices')
    .set({ approved_at: sql<Date>`now()` })
    .where(isPendingLink(hash, token))
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
}

/**
 * The user whose approval this device is waiting for: a link mailed to this address for this
 * device, followed or still live. One query, whether or not the address has an account, so
 * neither the answer nor its timing tells an unknown address from a known one.
 */
export function awaitedApproval(db: Db, email: string, deviceId: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('embedded_devices')
    .innerJoin('embedded_users', 'embedded_users.id', 'embedded_devices.user_id')
    .select(USER_COLUMNS)
    .where('email', '=', email)
    .where('device_id', '=', deviceId)
    .where('approval_token_hash', 'is not', null)
    .where((row) =>
      row.or([
        row('approved_at', 'is not', null),
        row(
          'embedded_devices.created_at',
          '>',
          sql<Date>`now() - make_interval(mins => ${DEVICE_LINK_TTL_MINUTES})`,
        ),
      ]),
    )
    .executeTakeFirst()
}

/**
 * Hands the waiting device its login once the link was followed — exactly once: the approval's
 * hash is cleared in the same statement that finds it.
 */
export async function takeDeviceApproval(db: Db, userId: string, deviceId: string): Promise<boolean> {
  const result = await db
    .updateTable('embedded_devices')
    .set({ approval_token_hash: null })
    .where('user_id', '=', userId)
    .where('device_id', '=', deviceId)
    .where('approval_token_hash', 'is not', null)
    .where('approved_at', 'is not', null)
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
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
