import type { Address } from 'viem'

/** What the services publish in the frame page's config when their bundler serves this chain. */
export interface SmartAccountSettings {
  entryPoint: Address
  factory: Address
  sponsored: boolean
}

/** One JSON-RPC call to the services' bundler; refusals are ApiErrors carrying the bundler's code. */
export type BundlerCall = (method: string, params: unknown[]) => Promise<unknown>

/** Each user's smart account is the factory's account for their key at this salt. */
export const SALT = 0n
