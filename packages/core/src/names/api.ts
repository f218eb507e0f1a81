/** The names routes of the services (behaviour §7 identity and profile), one typed function per call. */
import type { ServicesClient } from '../account/http-client.ts'
import type { Identity } from './identities.ts'

export interface NameProfile {
  name: string
  registered_at: string
  updated_at: string
  addresses: Record<string, { address: string; created: string }>
  attributes: Record<string, string>
}

export interface NameSuggestion {
  name: string
  registered: boolean
}

export function getIdentity(client: ServicesClient, address: string): Promise<Identity> {
  return client.get<Identity>({ path: `/v1/identity/${encodeURIComponent(address)}` })
}

/** The suffix names live under, e.g. `portico.id`, and the coin type addresses are kept under. */
export function getNameSettings(client: ServicesClient): Promise<{ suffix: string; coin_type: number }> {
  return client.get({ path: '/v1/profile/settings' })
}

/** The name asked for first (`registered` says whether it is taken), then free alternatives. */
export async function getNameSuggestions(
  client: ServicesClient,
  name: string,
  signal?: AbortSignal,
): Promise<NameSuggestion[]> {
  const answer = await client.get<{ suggestions?: NameSuggestion[] }>({
    path: `/v1/profile/suggestions/${encodeURIComponent(name)}`,
    signal,
  })
  return answer.suggestions ?? []
}

export function postNameRegistration(
  client: ServicesClient,
  body: { coin_type: number; address: string; message: string; signature: string },
): Promise<NameProfile> {
  return client.post<NameProfile>({ path: '/v1/profile/account', body })
}
