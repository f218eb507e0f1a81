import type { ExplorerWallet } from '@portico/core/shared'
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

/**
 * The dev wallet as a wallet of the list, so a developer connects it by deep link as a phone opens a
 * real wallet: its web app link opens `/dev/wallet/wc?uri=…` in a new tab, which pairs at once.
 * First in the list, and only where the dev wallet runs.
 */
export function devWalletListing(publicUrl: URL): ExplorerWallet {
  const page = new URL(DEV_WALLET_PATH, publicUrl).href
  return {
    id: 'portico.dev-wallet',
    name: 'Portico Dev Wallet',
    image_id: null,
    image_url: null,
    rdns: null,
    homepage: null,
    mobile_link: null,
    desktop_link: null,
    webapp_link: page,
    app_store: null,
    play_store: null,
    chrome_store: null,
    chains: [],
    badge_type: 'none',
  }
}
