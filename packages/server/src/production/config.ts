import { z } from 'zod'
import { trustProxyFromEnv } from '../http/trust-proxy.ts'
import { fromEnvParser, httpUrl, integer, secret } from '../module-settings.ts'
import { serverModules } from '../modules.ts'
import { normaliseOrigin } from '../projects/origin.ts'
import type { CoreSettings, Environment } from '../server-module.ts'
import type { StartServerOptions } from '../server-options.ts'

/** What `portico-server` reads from its environment (or `--env-file`), checked before anything opens. */
interface ProductionConfig {
  server: StartServerOptions & { host: string; port: number; databaseUrl: string }
  logLevel: LogLevel
  /** How long SIGTERM waits for in-flight requests before the process gives up on them. */
  shutdownTimeoutMs: number
}

export type ConfigResult = { ok: true; config: ProductionConfig } | { ok: false; problems: string[] }

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const
type LogLevel = (typeof LOG_LEVELS)[number]

/** The variables of the server itself, listed before every module's. */
const CoreEnvironment = z.object({
  DATABASE_URL: z
    .string({ error: 'is required: the Postgres server the services keep their state in' })
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string'),
  RPC_URL: z.string({ error: 'is required: the JSON-RPC endpoint of your chain' }).pipe(httpUrl),
  CHAIN_ID: z
    .string({ error: 'is required: the id of the chain behind RPC_URL' })
    .pipe(integer(1, 2 ** 53 - 1)),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: integer(0, 65_535).default(3001),
  PUBLIC_URL: z.string().optional(),
  HASH_SECRET: secret('it keys the stored hashes of codes and session tokens').optional(),
})

/** The variables of the process, listed after every module's. */
const ProcessEnvironment = z.object({
  TRUST_PROXY: fromEnvParser(trustProxyFromEnv).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  SHUTDOWN_TIMEOUT_S: integer(1, 3600).default(25),
})

/** Every variable portico-server reads: the core ones and each module's settings. */
export const productionSettings = z.object({
  ...CoreEnvironment.shape,
  ...Object.assign({}, ...serverModules.map((module) => module.settings?.shape)),
  ...ProcessEnvironment.shape,
})

/**
 * Reads the services' configuration from environment variables. Every problem is one line naming
 * the variable and what it needs, all reported at once, so an operator fixes them in one go
 * instead of one restart each.
 */
export function readProductionConfig(env: Environment): ConfigResult {
  // An empty variable (`FOO=` in a compose file) means "not set", as it does for npm start.
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = productionSettings.safeParse(given)
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`)
  for (const module of serverModules) problems.push(...(module.formatProblems?.(given) ?? []))
  problems.push(...requirements(given))
  if (!parsed.success || problems.length > 0) return { ok: false, problems }

  const core = CoreEnvironment.parse(given)
  const processVars = ProcessEnvironment.parse(given)
  const server: ProductionConfig['server'] = {
    mode: 'production',
    host: core.HOST,
    port: core.PORT,
    databaseUrl: core.DATABASE_URL,
    publicUrl: core.PUBLIC_URL,
    hashSecret: core.HASH_SECRET,
    trustProxy: processVars.TRUST_PROXY,
  }
  const coreSettings: CoreSettings = { chain: { rpcUrl: core.RPC_URL, chainId: core.CHAIN_ID } }
  // Each module reads its own variables from the parsed whole (defineModule types them per module).
  for (const module of serverModules)
    Object.assign(server, module.configure?.(parsed.data as never, coreSettings, given))
  return {
    ok: true,
    config: {
      logLevel: processVars.LOG_LEVEL,
      shutdownTimeoutMs: processVars.SHUTDOWN_TIMEOUT_S * 1000,
      server,
    },
  }
}

/**
 * What depends on other variables, judged on the raw values so these problems are listed together
 * with the format problems above rather than after the operator fixed those. A variable two
 * modules require is named once, with the first one's reason.
 */
function requirements(given: Environment): string[] {
  const problems: string[] = []
  if (given.PUBLIC_URL !== undefined) {
    const publicUrl = normaliseOrigin(given.PUBLIC_URL)
    if (!publicUrl.ok) problems.push(`PUBLIC_URL ${publicUrl.reason}`)
  }
  for (const module of serverModules) problems.push(...(module.requirements?.(given) ?? []))
  const required = new Set<string>()
  return problems.filter((problem) => {
    const variable = /^([A-Z_]+) is required /.exec(problem)?.[1]
    if (variable === undefined) return true
    if (required.has(variable)) return false
    required.add(variable)
    return true
  })
}
