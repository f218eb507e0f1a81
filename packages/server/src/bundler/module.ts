import { closeOnAppClose, defineModule } from '../server-module.ts'
import type { BundlerSettings } from './config.ts'
import {
  BundlerEnvironment,
  bundlerFromEnv,
  bundlerRequirements,
  prepareBundler,
  sponsorLimitsFromEnv,
} from './config.ts'
import { bundlerPlugin } from './routes.ts'
import type { Bundler } from './service.ts'
import { startBundler } from './service.ts'

/** The ERC-4337 bundler and gas sponsorship of one chain at `POST /v1/bundler`. */
export const bundlerModule = defineModule({
  name: 'bundler',
  // On with BUNDLER_KEY (README, smart accounts).
  settings: BundlerEnvironment,
  requirements: bundlerRequirements,
  configure: (vars, { chain }) => {
    const bundler = bundlerFromEnv(vars, chain)
    return bundler ? { bundler } : {}
  },
  // Smart accounts with gas sponsorship, within SPONSOR_LIMIT_* per project.
  development: ({ env, chain, smartAccounts: deployed }) => ({
    bundler: {
      ...chain,
      entryPoint: deployed.entryPoint,
      operatorKey: deployed.operatorKey,
      simulations: { code: deployed.simulationsCode },
      accountFactory: deployed.accountFactory,
      sponsorship: {
        paymaster: deployed.paymaster,
        signerKey: deployed.paymasterSignerKey,
        ...sponsorLimitsFromEnv(env),
      },
    },
  }),
  async setUp({ options }) {
    if (!options.bundler) return undefined
    const config = await prepareBundler(options.bundler)
    return {
      start: (scope, { database, warn }) => {
        const bundler = startBundler(database, config, { warn })
        closeOnAppClose(scope, () => bundler.stop())
        return { bundler }
      },
    }
  },
  async projectRoutes(v1, { options }) {
    const { bundler } = options
    if (bundler) await v1.register(bundlerPlugin, { bundler })
  },
})

// This domain's options of `startServer` and `buildServer`, declared beside it (declaration merging).
declare module '../server-options.ts' {
  interface StartServerOptions {
    /**
     * Turns on the ERC-4337 bundler for one chain at `POST /v1/bundler`: user operations
     * validated, stored and submitted from `operatorKey`; with `sponsorship`, the ERC-7677 paymaster
     * methods signing for a PorticoPaymaster within per-project daily limits.
     */
    bundler?: BundlerSettings
  }
  interface BuildServerOptions {
    /**
     * The ERC-4337 bundler and gas sponsorship of one chain (`startBundler`); absent, `POST
     * /v1/bundler` does not exist.
     */
    bundler?: Bundler | undefined
  }
}
