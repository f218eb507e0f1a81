import type { ServerModule } from '../server-module.ts'
import type { DevWalletConfig } from './config.ts'
import type { DevWalletAssets } from './routes.ts'
import { devWalletPlugin, readDevWalletAssets } from './routes.ts'

/** The development WalletConnect wallet at `/dev/wallet`, which signs with a key of the server. */
export const devWalletModule: ServerModule = {
  name: 'dev-wallet',
  development: ({ projectId, chain, devWalletKey }) => ({
    devWallet: { projectId, ...chain, privateKey: devWalletKey },
  }),
  async setUp({ options, mode, resources }) {
    if (!options.devWallet) return undefined
    if (mode !== 'development')
      throw new Error('The dev wallet signs with a key of the server: it runs in development only')
    const relayUrl = resources.walletConnectRelay?.url
    if (!relayUrl) throw new Error('The dev wallet needs the WalletConnect relay')
    return {
      resources: {
        devWallet: { config: { ...options.devWallet, relayUrl }, assets: await readDevWalletAssets() },
      },
    }
  },
  async routes(app, { options }) {
    if (options.devWallet) await app.register(devWalletPlugin, options.devWallet)
  },
}

// This domain's options of `startServer` and `buildServer`, declared beside it (declaration merging).
declare module '../server-options.ts' {
  interface StartServerOptions {
    /**
     * The dev wallet page at `/dev/wallet` (development only, with the relay): a WalletConnect wallet
     * for `projectId` that signs with an anvil dev key and sends through `rpcUrl`.
     */
    devWallet?: { projectId: string; chainId: number; rpcUrl: string; privateKey: string }
  }
  interface BuildServerOptions {
    /** The development wallet page at `/dev/wallet` (development only); absent, that path answers 404. */
    devWallet?: { config: DevWalletConfig; assets: DevWalletAssets } | undefined
  }
}
