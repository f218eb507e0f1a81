import { z } from 'zod'

/**
 * What the dev wallet page is told by the services that serve it: where the relay and the chain
 * are, and the anvil dev key it signs with. Development only: the key is one of anvil's public
 * test keys, never a secret.
 */
export const DevWalletConfig = z.object({
  projectId: z.string().min(1),
  relayUrl: z.string().regex(/^wss?:\/\//),
  chainId: z.number().int().positive(),
  rpcUrl: z.url(),
  privateKey: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
})
export type DevWalletConfig = z.infer<typeof DevWalletConfig>

export const DEV_WALLET_PATH = '/dev/wallet'
export const DEV_WALLET_CONFIG_ID = 'dev-wallet-config'
