import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { Tables } from '../db/tables.ts'
import { HttpError } from '../http/errors.ts'
import { completeChannel, findChannel, isExpired } from './channels.ts'
import type { FarcasterRegistry } from './registry.ts'
import type { AuthenticateBody } from './schemas.ts'
import type { ChannelRow } from './tables.ts'
import {
  FarcasterRegistryUnavailable,
  FarcasterSignInRefused,
  type SignInToCheck,
  type VerifiedSignIn,
  verifyFarcasterSignIn,
} from './verify.ts'

export const FarcasterText = {
  NO_TOKEN: 'Authorization: Bearer <channelToken> is required',
  UNKNOWN_CHANNEL: 'Unknown channel token',
  EXPIRED: 'This sign-in channel has expired: start the sign-in again',
  COMPLETED: 'This sign-in channel is already completed',
  PENDING: 'The Farcaster sign-in is not completed yet',
  USED: 'This Farcaster sign-in was already used',
  NOT_THIS_FRAME:
    'This Farcaster sign-in was not started by the wallet on this device: only a sign-in the wallet opened itself logs into it',
  REGISTRY_UNAVAILABLE: 'The Farcaster registry could not be read. Please try again shortly.',
} as const

/** The channel a bearer token opens: 401 for none (or another project's), 410 once expired. */
export async function openChannelOf(
  db: Kysely<Tables>,
  token: string,
  projectId?: string,
  now = new Date(),
): Promise<ChannelRow> {
  const channel = await findChannel(db, token)
  if (!channel || (projectId !== undefined && channel.project_id !== projectId))
    throw new HttpError(401, FarcasterText.UNKNOWN_CHANNEL)
  if (isExpired(channel, now)) throw new HttpError(410, FarcasterText.EXPIRED, 'CHANNEL_EXPIRED')
  return channel
}

/** The sign-in refused (403, its reason) or the registry away (503), as the routes answer them. */
export async function verifiedOrRefused(
  registry: FarcasterRegistry,
  signIn: SignInToCheck,
  now: Date,
): Promise<VerifiedSignIn> {
  try {
    return await verifyFarcasterSignIn(registry, signIn, now)
  } catch (error) {
    if (error instanceof FarcasterSignInRefused) throw new HttpError(403, error.message, 'SIGN_IN_REFUSED')
    if (error instanceof FarcasterRegistryUnavailable)
      throw new HttpError(503, FarcasterText.REGISTRY_UNAVAILABLE, 'REGISTRY_UNAVAILABLE')
    throw error
  }
}

/**
 * What the Farcaster app does with a channel: the message it signed, checked here and now against
 * the channel's nonce and domain and the registry, completes it — once.
 */
export async function authenticateChannel(
  db: Kysely<Tables>,
  registry: FarcasterRegistry,
  token: string,
  body: z.output<typeof AuthenticateBody>,
  now = new Date(),
): Promise<ChannelRow> {
  const channel = await openChannelOf(db, token, undefined, now)
  if (channel.completed_at) throw new HttpError(409, FarcasterText.COMPLETED, 'CHANNEL_COMPLETED')
  const verified = await verifiedOrRefused(
    registry,
    {
      message: body.message,
      signature: body.signature as `0x${string}`,
      nonce: channel.nonce,
      domain: channel.domain,
      fid: body.fid,
      acceptAuthAddress: channel.accept_auth_address,
    },
    now,
  )
  const completed = await completeChannel(
    db,
    token,
    {
      ...body,
      fid: verified.fid,
      signer: verified.signer,
      authMethod: verified.authMethod,
    },
    now,
  )
  if (completed) return completed
  // Another post completed it, or it expired, since it was read.
  await openChannelOf(db, token, undefined, now)
  throw new HttpError(409, FarcasterText.COMPLETED, 'CHANNEL_COMPLETED')
}
