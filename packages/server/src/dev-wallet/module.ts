import type { ServerModule } from '../server-module.ts'
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
