import { randomBytes } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import type { Tables } from '../db/tables.ts'
import type { TokenHasher } from '../hash-secret.ts'
import type { SiwxSessionsTable } from './tables.ts'

export type SessionRow = Selectable<SiwxSessionsTable>

/** A fresh single-use nonce for one project; expired ones of the project are swept on the way. */
export async function issueNonce(db: Kysely<Tables>, projectId: string, ttlMs: number) {
  // 128 bits as hex: alphanumeric and well over EIP-4361's eight characters.
  const nonce = randomBytes(16).toString('hex')
  const issuedAt = new Date()
  const expiresAt = new Date(issuedAt.getTime() + ttlMs)
  await db
    .deleteFrom('siwx_nonces')
    .where('project_id', '=', projectId)
    .where('expires_at', '<=', new Date())
    .execute()
  await db
    .insertInto('siwx_nonces')
    .values({ nonce, project_id: projectId, issued_at: issuedAt, expires_at: expiresAt })
    .execute()
  return { nonce, expiresAt }
}

/**
 * When an issued, unexpired nonce of this project was handed out — exactly once: the delete is the
 * claim. Undefined for any other nonce.
 */
export async function consumeNonce(
  db: Kysely<Tables>,
  projectId: string,
  nonce: string,
): Promise<Date | undefined> {
  const claimed = await db
    .deleteFrom('siwx_nonces')
    .where('nonce', '=', nonce)
    .where('project_id', '=', projectId)
    .where('expires_at', '>', new Date())
    .returning('issued_at')
    .executeTakeFirst()
  return claimed?.issued_at
}

export interface NewSession {
  projectId: string
  address: string
  chainId: number
  message: string
  signature: string
  expiresAt: Date
}

/** Stores a verified sign-in; the bearer token is returned once and only its keyed hash is kept. */
export async function createSession(db: Kysely<Tables>, hash: TokenHasher, input: NewSession) {
  const token = randomBytes(32).toString('base64url')
  const row = await db
    .insertInto('siwx_sessions')
    .values({
      id: randomBytes(16).toString('hex'),
      token_hash: hash(token),
      project_id: input.projectId,
      address: input.address,
      chain_id: input.chainId,
      message: input.message,
      signature: input.signature,
      expires_at: input.expiresAt,
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return { token, row }
}

/** The live (unexpired, unrevoked) session a token stands for, within one project. */
export async function findSessionByToken(
  db: Kysely<Tables>,
  hash: TokenHasher,
  projectId: string,
  token: string,
): Promise<SessionRow | undefined> {
  return db
    .selectFrom('siwx_sessions')
    .selectAll()
    .where('token_hash', '=', hash(token))
    .where('project_id', '=', projectId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst()
}

export async function listSessions(
  db: Kysely<Tables>,
  projectId: string,
  address: string,
): Promise<SessionRow[]> {
  return db
    .selectFrom('siwx_sessions')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('address', '=', address)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .execute()
}

/** Revokes one of the address's sessions; false when there is no such live session. */
export async function revokeSession(
  db: Kysely<Tables>,
  projectId: string,
  address: string,
  id: string,
): Promise<boolean> {
  const revoked = await db
    .updateTable('siwx_sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .where('address', '=', address)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst()
  return revoked !== undefined
}
