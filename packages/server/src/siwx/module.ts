import { z } from 'zod'
import { isOn, onOff } from '../module-settings.ts'
import { defineModule } from '../server-module.ts'
import type { SiwxOptions, SiwxSettings } from './routes.ts'
import { siwxPlugin } from './routes.ts'

/** Sign-in with wallet on the deployment's chain. */
export const siwxModule = defineModule({
  name: 'siwx',
  settings: z.object({ SIWX: onOff.default(true) }),
  requirements: (given) =>
    isOn(given, 'SIWX', 'on') && !given.HASH_SECRET
      ? [
          'HASH_SECRET is required with e-mail login or sign-in with wallet: make one with: openssl rand -hex 32',
        ]
      : [],
  configure: (vars, { chain }) => (vars.SIWX ? { siwx: chain } : {}),
  development: ({ chain }) => ({ siwx: chain }),
  setUp: ({ options }) => {
    const settings = options.siwx
    if (!settings) return undefined
    return {
      open: async (_scope, context) => ({ siwx: { ...settings, hashSecret: await context.hashSecret() } }),
    }
  },
  async projectRoutes(v1, { options, database }) {
    const { siwx } = options
    if (siwx) await v1.register(siwxPlugin(database.db, siwx))
  },
})

// This domain's options of `startServer` and `buildServer`, declared beside it (declaration merging).
declare module '../server-options.ts' {
  interface StartServerOptions {
    /** Turns on sign-in with wallet for this chain. */
    siwx?: SiwxSettings
  }
  interface BuildServerOptions {
    /** Sign-in with wallet for this chain; absent, the /v1/siwx routes do not exist. */
    siwx?: SiwxOptions | undefined
  }
}
