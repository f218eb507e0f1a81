/**
 * Farcaster's own relay, as production uses it: the Farcaster app completes channels only there, so
 * the services open the dapp's channel there (with a nonce of theirs) and read its status from there
 * until it completes; the message is then verified and kept here like one of our own channels. The
 * relay's URL is the operator's configuration, never the caller's.
 */
import { z } from 'zod'
import { HttpError } from '../http/errors.ts'
import type { AuthenticateBody } from './schemas.ts'

/** A dapp's status poll waits on this at most; the relay answers in milliseconds when it is up. */
const TIMEOUT_MS = 10_000
const UNAVAILABLE = "Farcaster's relay could not be reached. Please try again shortly."

const Created = z.object({ channelToken: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) })
/** The relay passes on what the app sent; profile fields we would not take are left out, not refused. */
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined)
const Completed = z.object({
  state: z.literal('completed'),
  message: z.string().max(4096),
  signature: z.string().regex(/^0x[a-fA-F0-9]{130}$/),
  fid: z.int().positive(),
  username: optional(z.string().regex(/^[a-z0-9][a-z0-9-]{0,15}(\.eth)?$/)),
  displayName: optional(z.string().max(256)),
  bio: optional(z.string().max(1024)),
  pfpUrl: optional(z.url({ protocol: /^https?$/ }).max(2048)),
})

export interface UpstreamChannelRequest {
  siweUri: string
  domain: string
  nonce: string
  notBefore?: string | undefined
  expirationTime?: string | undefined
  requestId?: string | undefined
  redirectUrl?: string | undefined
  acceptAuthAddress: boolean
}

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch {
    throw new HttpError(503, UNAVAILABLE, 'RELAY_UNAVAILABLE')
  }
}

async function json(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    throw new HttpError(503, UNAVAILABLE, 'RELAY_UNAVAILABLE')
  }
}

/** Opens the channel on the relay; its token is the dapp's. */
export async function openUpstreamChannel(
  relayUrl: string,
  request: UpstreamChannelRequest,
): Promise<string> {
  const response = await call(`${relayUrl}/v1/channel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  })
  if (response.status === 400) throw new HttpError(400, "body: Farcaster's relay refused this channel")
  const created = response.status === 201 ? Created.safeParse(await json(response)) : undefined
  if (!created?.success) throw new HttpError(503, UNAVAILABLE, 'RELAY_UNAVAILABLE')
  return created.data.channelToken
}

export type UpstreamStatus =
  | { state: 'pending' }
  | { state: 'completed'; signIn: z.output<typeof AuthenticateBody> }
  /** The relay no longer knows the channel: expired there, or its completion already read. */
  | { state: 'gone' }

/** Where the channel stands on the relay. It forgets a completed channel once this has read it. */
export async function upstreamStatus(relayUrl: string, channelToken: string): Promise<UpstreamStatus> {
  const response = await call(`${relayUrl}/v1/channel/status`, {
    headers: { authorization: `Bearer ${channelToken}` },
  })
  if (response.status === 202) return { state: 'pending' }
  if (response.status === 401 || response.status === 404) return { state: 'gone' }
  const completed = response.status === 200 ? Completed.safeParse(await json(response)) : undefined
  if (!completed?.success) throw new HttpError(503, UNAVAILABLE, 'RELAY_UNAVAILABLE')
  const { state: _state, ...signIn } = completed.data
  return { state: 'completed', signIn }
}
