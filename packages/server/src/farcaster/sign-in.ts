import type { Kysely } from 'kysely'
import type { Address, Hex } from 'viem'
import type { Tables } from '../db/tables.ts'
import { HttpError } from '../http/errors.ts'
import { consumeChannel } from './channels.ts'
import type { FarcasterRegistry } from './registry.ts'
import { FarcasterText, openChannelOf, verifiedOrRefused } from './relay.ts'

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
 * The sign-in a completed channel of this project carries, verified again (nonce, domain,
 * signature, the fid on the registry, the message's times) and then used up: a second call with
 * the same token is refused, so one signature logs in once. Throws HttpErrors a route can answer
 * as they are: 401 unknown token, 410 expired or used, 409 not completed yet, 403 refused, 503 the
 * registry away. The profile fields are the signer's own claims (the fid is what is proven).
 */
export async function verifiedFarcasterSignIn(
  db: Kysely<Tables>,
  registry: FarcasterRegistry,
  channelToken: string,
  projectId: string,
  now = new Date(),
): Promise<FarcasterIdentity> {
  const channel = await openChannelOf(db, channelToken, projectId, now)
  if (channel.consumed_at) throw new HttpError(410, FarcasterText.USED, 'CHANNEL_USED')
  if (!channel.completed_at || channel.message === null || channel.signature === null || channel.fid === null)
    throw new HttpError(409, FarcasterText.PENDING, 'SIGN_IN_PENDING')
  const verified = await verifiedOrRefused(
    registry,
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
