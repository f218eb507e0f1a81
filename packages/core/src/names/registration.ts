/**
 * Choosing an account name (behaviour §2 RegisterAccountName): what the visitor typed is
 * checked against the rules at once and against the services after a pause; registering signs a
 * statement with the connected wallet (inside the secure frame for the embedded wallet) and posts
 * it. Loaded with the view, not in the first download.
 */
import type { ServicesClient } from '../account/http-client.ts'
import { ServicesError } from '../account/http-client.ts'
import { readableError } from '../readable-error.ts'
import { getNameSettings, getNameSuggestions, postNameRegistration } from './api.ts'
import type { Identities } from './identities.ts'
import { coinTypeOf, nameLabelProblem, nameStatement } from './rules.ts'

export type NameCheck =
  | { kind: 'empty' }
  | { kind: 'invalid'; problem: string }
  | { kind: 'available'; name: string }
  /** `suggestions` are free labels, offered in the services' order. */
  | { kind: 'taken'; name: string; suggestions: string[] }

export const NameRegistrationText = {
  UNAVAILABLE: 'Names cannot be checked right now. Try again in a moment.',
} as const

export interface NameRegistration {
  /** The suffix names live under, e.g. `portico.id`. */
  suffix: string
  /** What a label would be: against the rules first (no request), then against the services. */
  check(label: string, signal?: AbortSignal): Promise<NameCheck>
  /** Signs and registers `label` for `address`; resolves to the full name, throws an Error to show. */
  register(label: string, address: `0x${string}`): Promise<string>
}

export interface NameRegistrationParameters {
  client: ServicesClient
  chainId: number
  identities: Identities
  signMessage(message: string, address: `0x${string}`): Promise<string>
}

export async function createNameRegistration({
  client,
  chainId,
  identities,
  signMessage,
}: NameRegistrationParameters): Promise<NameRegistration> {
  const { suffix } = await getNameSettings(client)
  const fullName = (label: string) => `${label}.${suffix}`
  const labelOf = (name: string) => name.slice(0, -(suffix.length + 1))

  async function check(label: string, signal?: AbortSignal): Promise<NameCheck> {
    if (label === '') return { kind: 'empty' }
    const problem = nameLabelProblem(label)
    if (problem) return { kind: 'invalid', problem }
    const [asked, ...others] = await getNameSuggestions(client, label, signal)
    if (!asked?.registered) return { kind: 'available', name: fullName(label) }
    return {
      kind: 'taken',
      name: fullName(label),
      suggestions: others.filter((other) => !other.registered).map((other) => labelOf(other.name)),
    }
  }

  async function register(label: string, address: `0x${string}`): Promise<string> {
    const problem = nameLabelProblem(label)
    if (problem) throw new Error(problem)
    const name = fullName(label)
    const message = nameStatement(name)
    let signature: string
    try {
      signature = await signMessage(message, address)
    } catch (error) {
      throw new Error(readableError(error))
    }
    try {
      const profile = await postNameRegistration(client, {
        coin_type: coinTypeOf(chainId),
        address,
        message,
        signature,
      })
      identities.remember(address, { name: profile.name, avatar: profile.attributes.avatar })
      return profile.name
    } catch (error) {
      if (error instanceof ServicesError && error.reason && error.code !== undefined && error.code < 500)
        throw new Error(error.reason)
      throw new Error(NameRegistrationText.UNAVAILABLE)
    }
  }

  return { suffix, check, register }
}
