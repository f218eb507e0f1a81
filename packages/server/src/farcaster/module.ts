import { defineModule } from '../server-module.ts'
import type { FarcasterOptions, FarcasterSettings } from './config.ts'
import { FarcasterEnvironment, farcasterFromEnv, prepareFarcaster } from './config.ts'
import { farcasterDevAppPlugin } from './dev-routes.ts'
import { farcasterAuthenticatePlugin, farcasterChannelPlugin } from './routes.ts'

/** Sign In With Farcaster's relay routes, and in development the app that signs as three accounts. */
export const farcasterModule = defineModule({
  name: 'farcaster',
  // On once an OP Mainnet node is named to read fids from.
  settings: FarcasterEnvironment,
  configure: (vars) => {
    const farcaster = farcasterFromEnv(vars)
    return farcaster ? { farcaster } : {}
  },
  // Offline: three dev accounts, and /dev/farcaster playing the app.
  development: () => ({ farcaster: { development: true } }),
  setUp: ({ options, mode, publicUrl }) =>
    options.farcaster
      ? { resources: { farcaster: prepareFarcaster(options.farcaster, { mode, publicUrl }) } }
      : undefined,
  async projectRoutes(v1, { options, database }) {
    const { farcaster } = options
    if (farcaster) await v1.register(farcasterChannelPlugin(database.db, farcaster))
  },
  async routes(app, { options, database }) {
    const { farcaster } = options
    if (!farcaster) return
    // The Farcaster app authenticates a channel from a phone: no project, no Origin of ours. Its
    // bearer channel token is the key and its signature is verified (farcaster/routes.ts).
    await app.register(farcasterAuthenticatePlugin(database.db, farcaster))
    if (farcaster.devApp)
      await app.register(farcasterDevAppPlugin, {
        db: database.db,
        options: farcaster,
        devApp: farcaster.devApp,
      })
  },
})

// This domain's options of `startServer` and `buildServer`, declared beside it (declaration merging).
declare module '../server-options.ts' {
  interface StartServerOptions {
    /**
     * Turns on Sign In With Farcaster's relay routes: `{ optimismRpcUrl }` reads fids from OP Mainnet's
     * registries; in development `{ development: true }` uses three dev accounts and the
     * `/dev/farcaster` page that signs as them.
     */
    farcaster?: FarcasterSettings
  }
  interface BuildServerOptions {
    /**
     * Sign In With Farcaster's relay (`/v1/channel`, `/v1/channel/status`, `/v1/channel/authenticate`)
     * with its registry; with `devApp`, also the development Farcaster app at `/dev/farcaster`.
     * Absent, none of them exist.
     */
    farcaster?: FarcasterOptions | undefined
  }
}
