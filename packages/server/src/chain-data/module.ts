import { z } from 'zod'
import { fromEnvParser, integer, onOff } from '../module-settings.ts'
import { closeOnAppClose, defineModule } from '../server-module.ts'
import type { ChainData, ChainOptionsInput } from './config.ts'
import { iconTableFromEnv, metadataOptionsFromEnv, priceTableFromEnv } from './config.ts'
import { chainDataPlugin } from './routes.ts'
import { startChainServices } from './service.ts'
import { readTokenList } from './token-list.ts'

const ChainDataEnvironment = z.object({
  INDEXER: onOff.default(true),
  START_BLOCK: integer(0, 2 ** 53 - 1).default(0),
  SPAM_COLLECTIONS: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be comma-separated 0x addresses')))
    .default([]),
  PORTICO_PRICES: fromEnvParser(priceTableFromEnv).optional(),
  PORTICO_TOKEN_ICONS: fromEnvParser(iconTableFromEnv).optional(),
  PORTICO_TOKEN_LIST: fromEnvParser(readTokenList).optional(),
  INDEXER_STUCK_AFTER_S: integer(1, 86_400).default(120),
  HISTORY_CACHE_MB: integer(0, 65_536).default(32),
  WATCH_MAX_PER_PROJECT: integer(0, 10_000_000).default(10_000),
  WATCH_EXPIRE_DAYS: integer(1, 3_650).default(30),
  TRACE_FILTER_BLOCKS: integer(1, 1_000_000).default(301),
  LOG_RANGE_BLOCKS: integer(1, 10_000_000).default(10_000),
})

/** Reads the metadata variables, or the one problem with them. */
function metadataOf(given: Record<string, string | undefined>) {
  try {
    return { metadata: metadataOptionsFromEnv(given), problems: [] }
  } catch (error) {
    return { metadata: undefined, problems: [(error as Error).message.replace(/^([A-Z_]+): /, '$1 ')] }
  }
}

/** The indexer and the account routes of the deployment's chain. */
export const chainDataModule = defineModule({
  name: 'chain-data',
  settings: ChainDataEnvironment,
  formatProblems: (given) => metadataOf(given).problems,
  configure(vars, { chain }, given) {
    const { metadata } = metadataOf(given)
    return {
      chain: {
        ...chain,
        startBlock: vars.START_BLOCK,
        spamCollections: vars.SPAM_COLLECTIONS,
        index: vars.INDEXER,
        historyCacheMb: vars.HISTORY_CACHE_MB,
        watchMaxPerProject: vars.WATCH_MAX_PER_PROJECT,
        watchExpireDays: vars.WATCH_EXPIRE_DAYS,
        traceSpan: vars.TRACE_FILTER_BLOCKS,
        logSpan: vars.LOG_RANGE_BLOCKS,
        ...(vars.PORTICO_PRICES ? { prices: vars.PORTICO_PRICES } : {}),
        ...(vars.PORTICO_TOKEN_ICONS ? { tokenIcons: vars.PORTICO_TOKEN_ICONS } : {}),
        ...(vars.PORTICO_TOKEN_LIST ? { tokenList: vars.PORTICO_TOKEN_LIST } : {}),
        indexingStuckAfterMs: vars.INDEXER_STUCK_AFTER_S * 1000,
        ...(metadata ? { metadata } : {}),
      },
    }
  },
  development: ({ env, chain, demo }) => ({
    chain: {
      ...chain,
      startBlock: demo.startBlock,
      watchAccounts: demo.watchAccounts,
      spamCollections: demo.spamCollections,
      prices: priceTableFromEnv(env.PORTICO_PRICES),
      tokenIcons: demo.tokenIcons,
      tokenList: readTokenList(demo.tokenListPath),
      metadata: metadataOptionsFromEnv(env),
    },
  }),
  setUp: ({ options }) => {
    const settings = options.chain
    if (!settings) return undefined
    return {
      start: (scope, { database, warn }) => {
        const services = startChainServices(database, settings, warn)
        closeOnAppClose(scope, () => services.stop())
        return { chain: services.chainData }
      },
    }
  },
  async projectRoutes(v1, { options }) {
    const { chain } = options
    if (chain) await v1.register(chainDataPlugin, { chain })
  },
})

// This domain's options of `startServer` and `buildServer`, declared beside it (declaration merging).
declare module '../server-options.ts' {
  interface StartServerOptions {
    /** The chain to index and serve account data for (balances, history, NFTs, prices, gas). */
    chain?: ChainOptionsInput
  }
  interface BuildServerOptions {
    /** The chain whose indexed data the account routes serve; absent, those routes do not exist. */
    chain?: ChainData | undefined
  }
}
