/**
 * A channel where the Farcaster app can complete it: opened on Farcaster's relay too when the
 * services use it (production), and read back from there until it completes. The page's relay
 * routes and the secure frame's sign-in share these, so both see a channel the same way.
 */
import { generateNonce } from '@farcaster/auth-client'
import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables.ts'
import { HttpError } from '../http/errors.ts'
import { type ChannelRequest, openChannel } from './channels.ts'
import { connectUrl, type FarcasterOptions } from './config.ts'
import { authenticateChannel, FarcasterText } from './relay.ts'
import type { ChannelRow } from './tables.ts'
import { openUpstreamChannel, type UpstreamChannelRequest, upstreamStatus } from './upstream.ts'

type RelayedRequest = Omit<UpstreamChannelRequest, 'nonce'> & { nonce?: string | undefined } & Pick<
    ChannelRequest,
    'projectId' | 'deviceId' | 'ip' | 'userAgent'
  >

/** Opens a channel (upstream first, when there is one): its token, its link for the app, its nonce. */
export async function openRelayedChannel(
  db: Kysely<Tables>,
  options: FarcasterOptions,
  request: RelayedRequest,
): Promise<{ token: string; url: string; nonce: string }> {
  const nonce = request.nonce ?? generateNonce()
  const upstreamToken = options.upstreamRelay
    ? await openUpstreamChannel(options.upstreamRelay, { ...request, nonce })
    : undefined
  const { token } = await openChannel(db, { ...request, nonce, upstreamToken }, new Date())
  return { token, url: connectUrl(options, token), nonce }
}

/** A channel on Farcaster's relay, pending here: completed here too once it is there (verified). */
export async function followedChannel(
  db: Kysely<Tables>,
  options: FarcasterOptions,
  channel: ChannelRow,
  token: string,
): Promise<ChannelRow> {
  if (!channel.upstream || channel.completed_at || !options.upstreamRelay) return channel
  const upstream = await upstreamStatus(options.upstreamRelay, token)
  if (upstream.state === 'pending') return channel
  if (upstream.state === 'gone') throw new HttpError(410, FarcasterText.EXPIRED, 'CHANNEL_EXPIRED')
  return authenticateChannel(db, options.registry, token, upstream.signIn, new Date())
}
