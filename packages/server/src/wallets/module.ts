import { z } from 'zod'
import { devWalletListing } from '../dev-wallet/config.ts'
import { defineModule } from '../server-module.ts'
import type { WalletRegistry } from './registry.ts'
import { loadWalletRegistry } from './registry.ts'
import { walletsPlugin } from './routes.ts'

/** The wallet list `GET /v1/wallets` serves. */
export const walletsModule = defineModule({
  name: 'wallets',
  settings: z.object({ WALLET_REGISTRY: z.string().min(1).optional() }),
  configure: (vars) => (vars.WALLET_REGISTRY ? { walletRegistry: vars.WALLET_REGISTRY } : {}),
  // The shipped registry unless WALLET_REGISTRY names a file.
  development: ({ env }) => (env.WALLET_REGISTRY ? { walletRegistry: env.WALLET_REGISTRY } : {}),
  // Checked before anything opens: a file that is no registry stops the start here.
  async setUp({ options, publicUrl, resources }) {
    const registry = await loadWalletRegistry(options.walletRegistry)
    // Where the dev wallet runs, it is a wallet of the list too: reached by its link, it pairs at once.
    const walletRegistry =
      resources.devWallet && publicUrl
        ? { wallets: [devWalletListing(publicUrl), ...registry.wallets] }
        : registry
    return { resources: { walletRegistry } }
  },
  async projectRoutes(v1, { options }) {
    const registry = options.walletRegistry ?? (await loadWalletRegistry())
    await v1.register(walletsPlugin, { registry })
  },
})

// This domain's options of `startServer` and `buildServer`, declared beside it (declaration merging).
declare module '../server-options.ts' {
  interface StartServerOptions {
    /**
     * A JSON file of the wallets `GET /v1/wallets` lists (`WALLET_REGISTRY`; the format is in
     * `data/wallets/SOURCES.md`); the shipped registry by default. Checked before anything opens.
     */
    walletRegistry?: string
  }
  interface BuildServerOptions {
    /** The wallets `GET /v1/wallets` lists (`loadWalletRegistry`); the shipped registry by default. */
    walletRegistry?: WalletRegistry | undefined
  }
}
