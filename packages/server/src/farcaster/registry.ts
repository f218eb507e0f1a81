import { type CreateClientArgs, viemConnector } from '@farcaster/auth-client'
import {
  type Address,
  createPublicClient,
  custom,
  defineChain,
  isAddressEqual,
  recoverAddress,
  type VerifyHashParameters,
} from 'viem'
import { optimism } from 'viem/chains'
import type { DevFarcasterAccount } from './dev-accounts.ts'

/**
 * Who owns which fid, as `verifySignInMessage` asks it: the fid of a custody address, whether an
 * address is an auth address of a fid, and the client that checks the signature.
 */
export type FarcasterRegistry = CreateClientArgs['ethereum']

/** Production: the IdRegistry and KeyRegistry on OP Mainnet, read through the operator's node. */
export const optimismRegistry = (rpcUrl: string): FarcasterRegistry => viemConnector({ rpcUrl })

/**
 * Development: the fids of a fixed table of accounts, no auth addresses, and signatures checked by
 * recovery alone — custody keys here are plain keys, and no node is asked anything.
 */
export function devRegistry(accounts: readonly DevFarcasterAccount[]): FarcasterRegistry {
  const offline = defineChain({
    ...optimism,
    verifyHash: async (_client, { address, hash, signature }: VerifyHashParameters) => {
      try {
        return isAddressEqual(address, await recoverAddress({ hash, signature }))
      } catch {
        return false
      }
    },
  })
  return {
    getFid: async (custody: Address) =>
      BigInt(accounts.find((account) => isAddressEqual(account.custody.address, custody))?.fid ?? 0),
    isValidAuthAddress: async () => false,
    publicClient: createPublicClient({
      chain: offline,
      transport: custom({
        request: async () => {
          throw new Error('The development Farcaster registry asks no node')
        },
      }),
    }),
  }
}
