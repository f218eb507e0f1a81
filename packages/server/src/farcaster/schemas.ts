/**
 * The relay's JSON, as the public Sign In With Farcaster relay (farcasterxyz/auth-monorepo
 * `apps/relay`) takes and answers it, so `@farcaster/auth-client` works against either. Limits of
 * our own where the relay has none: every text has a length cap, the URLs must be http(s).
 */
import { z } from 'zod'
import type { ChannelRow } from './tables.ts'

const httpUrl = (max: number) =>
  z
    .string()
    .max(max, `at most ${max} characters`)
    .refine(
      (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
      'expected an http(s) URL',
    )
const DateTime = z.iso.datetime({
  offset: true,
  error: 'expected an ISO 8601 date-time, e.g. 2026-01-01T00:00:00Z',
})

export const CreateChannelBody = z.strictObject({
  siweUri: httpUrl(2048),
  domain: z
    .string()
    .max(253, 'at most 253 characters')
    .regex(/^[a-zA-Z0-9.-]+(:[0-9]+)?$/, 'expected a host, with a port if any (example.com, localhost:3000)'),
  // EIP-4361: at least 8 alphanumeric characters.
  nonce: z
    .string()
    .regex(/^[a-zA-Z0-9]{8,64}$/, 'expected 8 to 64 letters and digits')
    .optional(),
  notBefore: DateTime.optional(),
  expirationTime: DateTime.optional(),
  requestId: z.string().max(200, 'at most 200 characters').optional(),
  redirectUrl: httpUrl(2048).optional(),
  acceptAuthAddress: z.boolean().optional(),
})

export const AuthenticateBody = z.strictObject({
  message: z.string().min(1, 'expected the signed message').max(4096, 'at most 4096 characters'),
  signature: z.string().regex(/^0x[a-fA-F0-9]{130}$/, 'expected 0x and 130 hex digits'),
  authMethod: z.enum(['custody', 'authAddress'], { error: 'must be custody or authAddress' }).optional(),
  fid: z
    .int({ error: 'expected a whole number' })
    .positive('expected a positive fid')
    .max(Number.MAX_SAFE_INTEGER),
  username: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,15}(\.eth)?$/, 'expected a Farcaster username (a-z, 0-9, -, at most 16)')
    .optional(),
  bio: z.string().max(1024, 'at most 1024 characters').optional(),
  displayName: z.string().max(256, 'at most 256 characters').optional(),
  pfpUrl: httpUrl(2048).optional(),
})

export const ChannelCreated = z.object({
  channelToken: z.string(),
  url: z.string(),
  connectUri: z.string(),
  nonce: z.string(),
})

export const ChannelStatus = z.object({
  state: z.enum(['pending', 'completed']),
  nonce: z.string(),
  url: z.string(),
  message: z.string().optional(),
  signature: z.string().optional(),
  authMethod: z.enum(['custody', 'authAddress']).optional(),
  fid: z.number().optional(),
  username: z.string().optional(),
  bio: z.string().optional(),
  displayName: z.string().optional(),
  pfpUrl: z.string().optional(),
  custody: z.string().optional(),
  signatureParams: z.object({
    siweUri: z.string(),
    domain: z.string(),
    nonce: z.string(),
    notBefore: z.string().optional(),
    expirationTime: z.string().optional(),
    requestId: z.string().optional(),
    redirectUrl: z.string().optional(),
  }),
  metadata: z.object({ ip: z.string(), userAgent: z.string() }),
  acceptAuthAddress: z.boolean(),
})

const present = <T>(value: T | null): T | undefined => value ?? undefined

/** A channel as the relay shows it: the request's parameters, then what the signer sent. */
export function channelStatus(channel: ChannelRow, url: string): z.input<typeof ChannelStatus> {
  const completed = channel.completed_at !== null
  return {
    state: completed ? 'completed' : 'pending',
    nonce: channel.nonce,
    url,
    ...(completed
      ? {
          message: present(channel.message),
          signature: present(channel.signature),
          authMethod: present(channel.auth_method),
          fid: channel.fid === null ? undefined : Number(channel.fid),
          username: present(channel.username),
          bio: present(channel.bio),
          displayName: present(channel.display_name),
          pfpUrl: present(channel.pfp_url),
          custody: channel.auth_method === 'custody' ? present(channel.signer) : undefined,
        }
      : {}),
    signatureParams: {
      siweUri: channel.siwe_uri,
      domain: channel.domain,
      nonce: channel.nonce,
      notBefore: present(channel.not_before),
      expirationTime: present(channel.expiration_time),
      requestId: present(channel.request_id),
      redirectUrl: present(channel.redirect_url),
    },
    metadata: { ip: channel.ip, userAgent: channel.user_agent },
    acceptAuthAddress: channel.accept_auth_address,
  }
}
