/**
 * The page's side of Sign In With Farcaster (FIP-11) on the services' relay: open a channel for this
 * page and read its status. The Farcaster app signs on another device (the QR code) or in this tab
 * (a phone's "Open Farcaster"); the completed channel's token is then handed to the secure frame,
 * which turns it into the embedded wallet's session.
 */
import { z } from 'zod/mini'
import { ServicesError } from '../account/http-client.ts'

const Created = z.object({
  channelToken: z.string().check(z.minLength(1)),
  url: z.url({ protocol: /^https?$/ }),
})
const Status = z.object({ state: z.enum(['pending', 'completed']) })

export type FarcasterChannel = z.output<typeof Created>

interface ChannelPlace {
  servicesUrl: string
  projectId: string
}

async function answer<T>(response: Response, schema: z.ZodMiniType<T>): Promise<T> {
  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message
    throw new ServicesError(response.status, typeof message === 'string' ? message : undefined)
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new ServicesError(response.status, 'The services answered something unexpected')
  return parsed.data
}

const channelUrl = ({ servicesUrl, projectId }: ChannelPlace, path: string) => {
  const url = new URL(path, servicesUrl)
  url.searchParams.set('projectId', projectId)
  return url.href
}

/** `POST /v1/channel` for this page: the message will be signed for its host and URL. */
export async function openFarcasterChannel(
  place: ChannelPlace,
  page: { host: string; href: string },
  signal?: AbortSignal,
): Promise<FarcasterChannel> {
  const response = await fetch(channelUrl(place, '/v1/channel'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ domain: page.host, siweUri: page.href }),
    signal,
  })
  return answer(response, Created)
}

/** `GET /v1/channel/status`: true once the Farcaster app signed. */
export async function farcasterChannelCompleted(
  place: ChannelPlace,
  channelToken: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const response = await fetch(channelUrl(place, '/v1/channel/status'), {
    headers: { authorization: `Bearer ${channelToken}` },
    signal,
  })
  return (await answer(response, Status)).state === 'completed'
}
