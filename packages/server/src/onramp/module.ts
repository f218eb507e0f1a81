import type { ChainData } from '../chain-data/config.ts'
import { defineModule } from '../server-module.ts'
import type { OnrampSettings } from './config.ts'
import {
  OnrampEnvironment,
  type OnrampOptions,
  onrampFromEnv,
  onrampSettingsFromEnv,
  prepareOnramp,
} from './config.ts'
import { type SandboxPayer, sandboxPayer } from './payer.ts'
import { onrampPlugin } from './routes.ts'
import { sandboxCheckoutPlugin } from './sandbox-routes.ts'

const payers = new WeakMap<OnrampOptions, SandboxPayer>()

/** The sandbox's one payer, shared by the on-ramp routes and the checkout page, which both send from it. */
function payerOf(onramp: OnrampOptions, chain: ChainData): SandboxPayer | undefined {
  if (!onramp.sandbox) return undefined
  const payer = payers.get(onramp) ?? sandboxPayer(chain, onramp.sandbox.payerKey)
  payers.set(onramp, payer)
  return payer
}

/** The on-ramp (`/v1/onramp/*`) on the deployment's chain, and in development its sandbox checkout. */
export const onrampModule = defineModule({
  name: 'onramp',
  // Coinbase and Meld, each offered once its key is set. The sandbox has no variable: it pays from
  // a key of the server and is for npm start only.
  settings: OnrampEnvironment,
  requirements: (given) =>
    given.ONRAMP_EUR_PER_USD && !given.ONRAMP_COINBASE_APP_ID && !given.ONRAMP_MELD_PUBLIC_KEY
      ? [
          'ONRAMP_EUR_PER_USD has no use without a provider: set ONRAMP_COINBASE_APP_ID or ONRAMP_MELD_PUBLIC_KEY',
        ]
      : [],
  configure: (vars) => {
    const onramp = onrampFromEnv(vars)
    return onramp ? { onramp } : {}
  },
  // Coinbase and Meld when ONRAMP_* name them, and the sandbox checkout paying from a dev account.
  development: ({ env, sandboxPayerKey }) => ({
    onramp: { ...onrampSettingsFromEnv(env), sandbox: { payerKey: sandboxPayerKey } },
  }),
  needs: [
    {
      option: 'onramp',
      needs: 'chain',
      why: 'The on-ramp needs the chain option: it prices and delivers on that chain',
    },
  ],
  setUp: ({ options, mode, publicUrl }) =>
    options.onramp
      ? { resources: { onramp: prepareOnramp(options.onramp, { mode, publicUrl }) } }
      : undefined,
  async projectRoutes(v1, { options, database }) {
    const { onramp, chain } = options
    if (onramp && chain) await v1.register(onrampPlugin(database.db, chain, onramp, payerOf(onramp, chain)))
  },
  async routes(app, { options, database }) {
    const { onramp, chain } = options
    const payer = onramp && chain ? payerOf(onramp, chain) : undefined
    // The sandbox's checkout is a page the buyer opens from the modal: no project guard, its
    // session id is the key.
    if (onramp?.sandbox && payer)
      await app.register(sandboxCheckoutPlugin, {
        db: database.db,
        payer,
        publicUrl: onramp.sandbox.publicUrl,
      })
  },
})

// This domain's options of `startServer` and `buildServer`, declared beside it (declaration merging).
declare module '../server-options.ts' {
  interface StartServerOptions {
    /**
     * Turns on the on-ramp (`/v1/onramp/*`) for the `chain`, which it needs: Coinbase and Meld when
     * their keys are given, and in development the sandbox checkout that pays from a dev account.
     */
    onramp?: OnrampSettings
  }
  interface BuildServerOptions {
    /**
     * The on-ramp (`/v1/onramp/*`), priced and delivered on `chain`, which it needs; with its
     * `sandbox`, also the development checkout at `/onramp/sandbox/checkout`. Absent, none of them exist.
     */
    onramp?: OnrampOptions | undefined
  }
}
