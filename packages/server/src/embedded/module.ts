import { z } from 'zod'
import { isOn, onOff, secret } from '../module-settings.ts'
import { closeOnAppClose, defineModule } from '../server-module.ts'
import { embeddedPagesPlugin } from './pages.ts'
import { embeddedAuthPlugin } from './routes.ts'
import type { EmbeddedServices, EmbeddedWalletSettings } from './setup.ts'
import { closeEmbedded, prepareEmbedded } from './setup.ts'
import { frameSmartAccounts } from './smart-accounts.ts'

const EmbeddedEnvironment = z.object({
  EMAIL_LOGIN: onOff.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example:587')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  MASTER_KEY: secret('it seals the server shares of embedded-wallet keys').optional(),
  RECOVERY_KEY: secret('it seals their recovery shares').optional(),
  FRAME_SCRIPT_PATH: z.string().min(1).optional(),
})

const sameSecret = (a: string, b: string) =>
  a.replace(/^0x/, '').toLowerCase() === b.replace(/^0x/, '').toLowerCase()

/** E-mail login, key custody and the secure frame. */
export const embeddedModule = defineModule({
  name: 'embedded',
  settings: EmbeddedEnvironment,
  requirements(given) {
    if (!isOn(given, 'EMAIL_LOGIN', 'on')) return []
    const problems: string[] = []
    const why = 'with e-mail login on (EMAIL_LOGIN=off turns it off)'
    if (!given.PUBLIC_URL)
      problems.push(`PUBLIC_URL is required ${why}: the secure frame's origin and mail links`)
    if (!given.SMTP_URL) problems.push(`SMTP_URL is required ${why}: login codes go out by mail`)
    if (!given.MASTER_KEY) problems.push(`MASTER_KEY is required ${why}: make one with: openssl rand -hex 32`)
    if (!given.RECOVERY_KEY)
      problems.push(`RECOVERY_KEY is required ${why}: make one with: openssl rand -hex 32`)
    if (given.MASTER_KEY && given.RECOVERY_KEY && sameSecret(given.MASTER_KEY, given.RECOVERY_KEY))
      problems.push('RECOVERY_KEY must differ from MASTER_KEY: each seals a different share of every key')
    if (!given.HASH_SECRET)
      problems.push(
        'HASH_SECRET is required with e-mail login or sign-in with wallet: make one with: openssl rand -hex 32',
      )
    return problems
  },
  configure: (vars, { chain }) =>
    vars.EMAIL_LOGIN
      ? {
          embedded: {
            ...chain,
            smtpUrl: vars.SMTP_URL,
            ...(vars.MAIL_FROM ? { mailFrom: vars.MAIL_FROM } : {}),
            masterKey: vars.MASTER_KEY,
            recoveryKey: vars.RECOVERY_KEY,
            frameScriptPath: vars.FRAME_SCRIPT_PATH,
          },
        }
      : {},
  // Without SMTP_URL the dev mailbox; without MASTER_KEY and RECOVERY_KEY, keys in the data folder.
  development: ({ chain, embedded }) => ({ embedded: { ...chain, ...embedded } }),
  setUp: ({ options }) => {
    const settings = options.embedded
    if (!settings) return undefined
    return {
      open: async (scope, context) => {
        const hashSecret = await context.hashSecret()
        const embedded = await prepareEmbedded(settings, {
          mode: context.mode,
          publicUrl: context.publicUrl,
          host: context.host,
          dataDir: await context.dataDir(),
          persistent: options.databaseUrl !== undefined || options.dataDir !== undefined,
          hashSecret,
          log: context.log,
        })
        closeOnAppClose(scope, () => closeEmbedded(embedded))
        return { embedded }
      },
    }
  },
  async routes(app, { options, database, projects }) {
    const { embedded, rpcProxy, bundler, social, farcaster, chain } = options
    if (!embedded) return
    // Any instance may index the chain (INDEXER=off serves reads only): the watch is in the database.
    const indexed = chain?.config.chainId === embedded.chain.chainId ? chain.config : undefined
    // Called by the secure frame from the services' own origin, so it has its own guard, not /v1's.
    const relay = rpcProxy?.relayFor(embedded.chain.chainId)
    const smartAccounts = frameSmartAccounts(bundler, embedded.chain.chainId)
    await app.register(embeddedAuthPlugin, {
      database,
      projects,
      ...embedded,
      chain: { ...embedded.chain, relay },
      social,
      bundler: smartAccounts ? bundler : undefined,
      farcaster,
      indexFloor: indexed?.startBlock,
      prefix: '/v1/auth',
    })
    await app.register(embeddedPagesPlugin, { projects, ...embedded, smartAccounts })
  },
})

// This domain's options of `startServer` and `buildServer`, declared beside it (declaration merging).
declare module '../server-options.ts' {
  interface StartServerOptions {
    /** Turns on e-mail login (the embedded wallet). */
    embedded?: EmbeddedWalletSettings
  }
  interface BuildServerOptions {
    /** E-mail login, key custody and the secure frame; absent, those routes do not exist. */
    embedded?: EmbeddedServices | undefined
  }
}
