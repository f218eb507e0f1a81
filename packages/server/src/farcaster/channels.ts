import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables.ts'
import type { ChannelRow } from './tables.ts'

/** A channel lives an hour, as on the public relay. */
const CHANNEL_TTL_MS = 60 * 60 * 1000
/** Expired channels are kept this long more, so a late poll learns it expired (410) rather than 401. */
const KEPT_AFTER_EXPIRY_MS = 60 * 60 * 1000

/** Ours are 256 random bits in base64url (43 characters); Farcaster's relay gives 8 characters. */
const CHANNEL_TOKEN = /^[A-Za-z0-9_-]{8,64}$/

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

export interface ChannelRequest {
  projectId: string
  nonce: string
  domain: string
  siweUri: string
  notBefore?: string | undefined
  expirationTime?: string | undefined
  requestId?: string | undefined
  redirectUrl?: string | undefined
  acceptAuthAddress: boolean
  /** The token Farcaster's relay gave for this channel, when it was opened there. */
  upstreamToken?: string | undefined
  /** The device of the secure frame that opens it; absent for a page's channel. */
  deviceId?: string | undefined
  ip: string
  userAgent: string
}

export interface ChannelCompletion {
  message: string
  signature: string
  authMethod: 'custody' | 'authAddress'
  fid: number
  signer: string
  username?: string | undefined
  displayName?: string | undefined
  bio?: string | undefined
  pfpUrl?: string | undefined
}

/** Opens a channel (or records one opened upstream) and prunes the long-expired ones, in one transaction; the token goes to the caller only. */
export async function openChannel(
  db: Kysely<Tables>,
  request: ChannelRequest,
  now = new Date(),
): Promise<{ token: string; row: ChannelRow }> {
  const token = request.upstreamToken ?? randomBytes(32).toString('base64url')
  const row = await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('farcaster_channels')
      .where('expires_at', '<', new Date(now.getTime() - KEPT_AFTER_EXPIRY_MS))
      .execute()
    return trx
      .insertInto('farcaster_channels')
      .values({
        token_hash: tokenHash(token),
        project_id: request.projectId,
        nonce: request.nonce,
        domain: request.domain,
        siwe_uri: request.siweUri,
        not_before: request.notBefore ?? null,
        expiration_time: request.expirationTime ?? null,
        request_id: request.requestId ?? null,
        redirect_url: request.redirectUrl ?? null,
        accept_auth_address: request.acceptAuthAddress,
        upstream: request.upstreamToken !== undefined,
        device_id: request.deviceId ?? null,
        ip: request.ip,
        user_agent: request.userAgent,
        expires_at: new Date(now.getTime() + CHANNEL_TTL_MS),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
  })
  return { token, row }
}

/** The channel of a token; a malformed or forged token finds none. */
export async function findChannel(db: Kysely<Tables>, token: string): Promise<ChannelRow | undefined> {
  if (!CHANNEL_TOKEN.test(token)) return undefined
  return db
    .selectFrom('farcaster_channels')
    .selectAll()
    .where('token_hash', '=', tokenHash(token))
    .executeTakeFirst()
}

/** Completes a pending, unexpired channel in one statement; undefined when another completed it first. */
export async function completeChannel(
  db: Kysely<Tables>,
  token: string,
  completion: ChannelCompletion,
  now = new Date(),
): Promise<ChannelRow | undefined> {
  return db
    .updateTable('farcaster_channels')
    .set({
      message: completion.message,
      signature: completion.signature,
      auth_method: completion.authMethod,
      fid: completion.fid,
      signer: completion.signer.toLowerCase(),
      username: completion.username ?? null,
      display_name: completion.displayName ?? null,
      bio: completion.bio ?? null,
      pfp_url: completion.pfpUrl ?? null,
      completed_at: now,
    })
    .where('token_hash', '=', tokenHash(token))
    .where('completed_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst()
}

/** Marks a completed channel used, once: undefined when it was used already (or expired meanwhile). */
export async function consumeChannel(
  db: Kysely<Tables>,
  token: string,
  now = new Date(),
): Promise<ChannelRow | undefined> {
  return db
    .updateTable('farcaster_channels')
    .set({ consumed_at: now })
    .where('token_hash', '=', tokenHash(token))
    .where('completed_at', 'is not', null)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst()
}

export const isExpired = (channel: ChannelRow, now = new Date()) =>
  channel.expires_at.getTime() <= now.getTime()
