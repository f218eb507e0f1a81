import type { Kysely } from 'kysely'
import type { Address, Hex } from 'viem'
import type { Tables } from '../db/tables.ts'
import { HttpError } from '../http/errors.ts'
import { consumeChannel } from './channels.ts'
import type { FarcasterOptions } from './config.ts'
import { FarcasterText, openChannelOf, verifiedOrRefused } from './relay.ts'
import { followedChannel } from './relayed.ts'

/** Who signed in with Farcaster: the subject is the fid; the profile is what the app sent with it. */
export interface FarcasterIdentity {
  fid: number
  /** The address that signed: the fid's custody address or one of its auth addresses. */
  signer: Address
  authMethod: 'custody' | 'authAddress'
  /** The custody address, when it is the signer. */
  custody?: Address | undefined
  username?: string | undefined
  displayName?: string | undefined
  bio?: string | undefined
  pfpUrl?: string | undefined
}

/**
 * The sign-in a completed channel carries, verified again (nonce, domain, signature, the fid on
 * the registry, the message's times) and then used up: a second call with the same token is
 * refused, so one signature logs in once. Only a channel the secure frame of this device opened for
 * this project counts: the token is in the link the page shows (and, for a page's own channel, the
 * page's to keep), so holding it proves nothing. Throws HttpErrors a route can answer as they are:
 * 401 unknown token, 403 another device's or a page's channel or a refused signature, 410 expired
 * or used, 409 not completed yet, 503 the registry or relay away. The profile fields are the
 * signer's own claims (the fid is what is proven).
 */
export async function verifiedFarcasterSignIn(
  db: Kysely<Tables>,
  options: FarcasterOptions,
  channelToken: string,
  caller: { projectId: string; deviceId: string },
  now = new Date(),
): Promise<FarcasterIdentity> {
  const opened = await openChannelOf(db, channelToken, undefined, now)
  if (opened.project_id !== caller.projectId || opened.device_id !== caller.deviceId)
    throw new HttpError(403, FarcasterText.NOT_THIS_FRAME, 'CHANNEL_NOT_THIS_FRAME')
  const channel = await followedChannel(db, options, opened, channelToken)
  if (channel.consumed_at) throw new HttpError(410, FarcasterText.USED, 'CHANNEL_USED')
  if (!channel.completed_at || channel.message === null || channel.signature === null || channel.fid === null)
    throw new HttpError(409, FarcasterText.PENDING, 'SIGN_IN_PENDING')
  const verified = await verifiedOrRefused(
    options.registry,
    {
      message: channel.message,
      signature: channel.signature as Hex,
      nonce: channel.nonce,
      domain: channel.domain,
      fid: Number(channel.fid),
      acceptAuthAddress: channel.accept_auth_address,
    },
    now,
  )
  if (!(await consumeChannel(db, channelToken, now)))
    throw new HttpError(410, FarcasterText.USED, 'CHANNEL_USED')
  return {
    fid: verified.fid,
    signer: verified.signer,
    authMethod: verified.authMethod,
    custody: verified.authMethod === 'custody' ? verified.signer : undefined,
    username: channel.username ?? undefined,
    displayName: channel.display_name ?? undefined,
    bio: channel.bio ?? undefined,
    pfpUrl: channel.pfp_url ?? undefined,
  }
}
