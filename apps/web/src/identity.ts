import type { Identity } from '@portico/core'
import type { Config } from '@wagmi/core'
import { cookieToInitialState } from '@wagmi/core'

export interface PageIdentity {
  address: string
  identity: Identity
}

/** The page waits this long for the name at most; without it, the address shows until the browser asks. */
const IDENTITY_TIMEOUT_MS = 1_000

/** The address the wagmi cookie says is connected, if any. */
export function connectedAddress(wagmiConfig: Config, cookie: string): string | undefined {
  const state = cookieToInitialState(wagmiConfig, cookie)
  const current = state?.current ? state.connections.get(state.current) : undefined
  return current?.accounts[0]
}

/**
 * The connected account's name for the first HTML, asked of the services on the page's
 * behalf with the page's origin, as the browser would. No answer in time renders the address.
 */
export async function pageIdentity(
  services: { servicesUrl: string; projectId: string },
  address: string | undefined,
  origin: string,
): Promise<PageIdentity | null> {
  if (!address) return null
  try {
    const url = `${services.servicesUrl}/v1/identity/${encodeURIComponent(address)}?projectId=${encodeURIComponent(services.projectId)}`
    const response = await fetch(url, {
      headers: { origin },
      signal: AbortSignal.timeout(IDENTITY_TIMEOUT_MS),
    })
    if (!response.ok) return null
    const body = (await response.json()) as { name?: unknown; avatar?: unknown }
    if (typeof body.name !== 'string' && body.name !== null) return null
    const avatar = typeof body.avatar === 'string' ? body.avatar : undefined
    return { address, identity: { name: body.name, avatar } }
  } catch {
    return null
  }
}
