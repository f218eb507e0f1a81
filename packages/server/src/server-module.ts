import type { FastifyInstance } from 'fastify'
import type { Hex } from 'viem'
import type { z } from 'zod'
import type { Database } from './db/database.ts'
import type { ProjectReader } from './projects/cache.ts'
import type { ServerMode } from './server-mode.ts'
import type { BuildServerOptions, RunningServer, StartServerOptions } from './server-options.ts'
import type { SocialSettings } from './social/config.ts'
import type { RelayGauge } from './wc-relay/stats.ts'

/** Environment variables as given: an unset or empty one is absent. */
export type Environment = Record<string, string | undefined>

/** What a module contributes to the app: its slice of `buildServer`'s options. */
type ModuleResources = Partial<Omit<BuildServerOptions, 'database' | 'logger'>>

/** The deployment's one chain, which portico-server reads before any module. */
export interface CoreSettings {
  chain: { rpcUrl: string; chainId: number }
}

/**
 * What the development stack (`npm start`, the browser tests) deployed and keeps in its data folder,
 * from which each module makes its development options. Variables in `env` point a module at a real
 * provider instead of its stand-in, parsed as portico-server parses them.
 */
export interface DevelopmentStack {
  env: Environment
  chain: { rpcUrl: string; chainId: number }
  projectId: string
  /** The demo deployment: its first block, its spam collection, its tokens' icons and list file, its accounts. */
  demo: {
    startBlock: number
    spamCollections: string[]
    tokenIcons: Record<string, string>
    tokenListPath: string
    /** Accounts the indexer watches from the start, so the demo's seeded history shows at once. */
    watchAccounts: string[]
  }
  /** Uniswap V2 and the pooled demo tokens. */
  swaps: {
    router: Hex
    factory: Hex
    weth: Hex
    tokens: ReadonlyArray<{ address: Hex; symbol: string; name: string; decimals: number }>
  }
  /** EntryPoint v0.8, the account factory, the paymaster and the keys the stack keeps for them. */
  smartAccounts: {
    entryPoint: Hex
    accountFactory: Hex
    paymaster: Hex
    operatorKey: Hex
    paymasterSignerKey: Hex
    simulationsCode: Hex
  }
  namesGatewayKey: Hex
  /** Mail and sealing keys when given; the frame bundle from the build. */
  embedded: {
    smtpUrl?: string | undefined
    masterKey?: string | undefined
    recoveryKey?: string | undefined
    frameScriptPath: string
  }
  /** The development identity provider, standing in for every social login provider. */
  socialProviders: SocialSettings
  /** The dev accounts the dev wallet signs with and the on-ramp sandbox pays from. */
  devWalletKey: Hex
  sandboxPayerKey: Hex
}

/** What `setUp` sees: the start options and what the modules before it prepared. */
export interface SetUpContext {
  options: StartServerOptions
  mode: ServerMode
  /** The services' public origin; in development the server's own. */
  publicUrl: URL | undefined
  host: string
  resources: ModuleResources
}

/** What an opening step sees beside the set-up context. */
export interface OpenContext extends SetUpContext {
  log: (line: string) => void
  /** Trouble the services recover from by themselves; stderr when not given. */
  warn: ((line: string) => void) | undefined
  /** The private data folder, made ready on first use (undefined: the process keeps no files). */
  dataDir(): Promise<string | undefined>
  /** The key of stored hashes, opened (or in development made) on first use. */
  hashSecret(): Promise<Buffer>
}

interface StartContext extends OpenContext {
  database: Database
}

/**
 * A module's opening step, run as a Fastify plugin of the app in the order of modules.ts: it returns
 * what it contributes and closes what it opened in an `onClose` hook of its own `scope`, so the
 * app's `close()` closes every module backwards (Fastify's order), on a failed start as on a stop.
 */
type OpeningPlugin<Context> = (
  scope: FastifyInstance,
  context: Context,
) => Promise<ModuleResources | undefined> | ModuleResources | undefined

/**
 * The result of a module's checks, taken before anything opens: what it contributes at once, and
 * what it opens before the database (`open`) or after it (`start`). Start-up runs every module's
 * checks first, so a refused option leaves nothing behind.
 */
export interface SetUpPlan {
  resources?: ModuleResources
  open?: OpeningPlugin<OpenContext>
  start?: OpeningPlugin<StartContext>
}

/** Closes `close`'s resource when the plugin's app closes (after the HTTP server, before the plugins registered earlier). */
export function closeOnAppClose(scope: FastifyInstance, close: () => Promise<void> | void): void {
  scope.addHook('onClose', async () => {
    await close()
  })
}

/** What the route plugins of every module are given. */
export interface RouteContext {
  options: BuildServerOptions
  database: Database
  projects: ProjectReader
  /** Open WalletConnect relay sockets, shared by the relay and the readiness answer. */
  relayGauge: RelayGauge | undefined
}

/**
 * One domain of the services: its environment variables, its set-up and its routes. The modules
 * are walked in one order (modules.ts) by `startServer`, `buildServer` and portico-server's
 * configuration, so a domain is wired in its own folder and one line of that list.
 */
export interface ServerModule<Settings = never> {
  name: string
  /** portico-server's variables for the module, with their defaults and error texts. */
  settings?: z.ZodObject
  /** Problems in variables the schema does not parse itself (several variables read together). */
  formatProblems?(given: Environment): string[]
  /** Problems between variables, judged on the raw values so they are listed with the format ones. */
  requirements?(given: Environment): string[]
  /** The module's start options from the parsed variables (`given` for those it parses itself). */
  configure?(settings: Settings, core: CoreSettings, given: Environment): Partial<StartServerOptions>
  /** The module's options in the development stack. */
  development?(stack: DevelopmentStack): Partial<StartServerOptions>
  /** Options this one needs beside its own: `[its option, the option it needs, why]`. */
  needs?: ReadonlyArray<{ option: SharedOption; needs: SharedOption; why: string }>
  /** Checks the start options, opening nothing; undefined when the module is off. */
  setUp?(context: SetUpContext): Promise<SetUpPlan | undefined> | SetUpPlan | undefined
  /**
   * Registers the module's plugins under `/v1`, in the one scope behind the guard every route that
   * belongs to a project shares (the project must exist, the Origin be on its list).
   */
  projectRoutes?(v1: FastifyInstance, context: RouteContext): Promise<void>
  /** Registers the module's plugins at the root, each with its own guard; absent options leave them out. */
  routes?(app: FastifyInstance, context: RouteContext): Promise<void>
  /** What the running server tells its caller about the module (a URL to reach it at). */
  describe?(resources: ModuleResources, publicOrigin: string): Partial<RunningServer>
}

/** The options `startServer` and `buildServer` both take, by the same name. */
type SharedOption = keyof BuildServerOptions & keyof StartServerOptions

/** Names a module's variables' parsed type, so `configure` reads them typed. */
export const defineModule = <Schema extends z.ZodObject>(
  module: ServerModule<z.output<Schema>> & { settings: Schema },
): ServerModule<z.output<Schema>> => module

/** Throws the first rule a module's option breaks: an option given without one it needs. */
export function checkNeeds(
  modules: readonly ServerModule[],
  options: { readonly [option in SharedOption]?: unknown },
): void {
  for (const module of modules)
    for (const rule of module.needs ?? [])
      if (options[rule.option] !== undefined && options[rule.needs] === undefined) throw new Error(rule.why)
}
