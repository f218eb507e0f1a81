import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseEnv } from 'node:util'
import { pino } from 'pino'
import { parseCliArgs, UsageError } from '../cli/args.ts'
import { runCommand } from '../cli/commands.ts'
import { openDatabase } from '../db/database.ts'
import { ProjectInputError } from '../projects/errors.ts'
import { startServer } from '../start.ts'
import { checkChainId } from './chain-check.ts'
import { readProductionConfig } from './config.ts'

const USAGE = `Usage: portico-server [command] [--env-file FILE]

Commands:
  start (default)       run the services: migrations first, then HTTP on HOST:PORT
  migrate               apply pending database migrations and exit
  project <command>     manage projects: create --name NAME --origin URL, list, add-origin --id ID --origin URL
  help                  this text

Configuration comes from environment variables; --env-file FILE reads more from a file of
NAME=value lines (variables already set win). The README's "Run the services in production" lists them.`

/** What the process writes goes to stdout as JSON lines, the same shape as Fastify's request log. */
// At info until the configuration is checked: LOG_LEVEL may be one pino would refuse.
// Synchronous writes: the lines keep their order and none is lost when the process ends at once
// (a refused configuration), which pino's asynchronous default did not guarantee on a loaded machine.
const logger = pino(
  { level: 'info', base: { service: 'portico-server' } },
  pino.destination({ dest: 1, sync: true }),
)

async function main(argv: string[]): Promise<number> {
  const { env, rest } = environment(argv)
  const [command = 'start', ...args] = rest
  switch (command) {
    case 'start':
      return start(env)
    case 'migrate':
      return migrate(env)
    case 'project':
      return project(env, args)
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE)
      return 0
    default:
      throw new UsageError(`Unknown command "${command}" — expected start, migrate, project or help`)
  }
}

async function start(env: Record<string, string | undefined>): Promise<number> {
  const result = readProductionConfig(env)
  if (!result.ok) {
    for (const problem of result.problems) logger.fatal({ problem: true }, problem)
    logger.fatal(`Refusing to start: ${result.problems.length} configuration problem(s) above`)
    return 2
  }
  const { server: options, shutdownTimeoutMs } = result.config
  logger.level = result.config.logLevel
  const chain = options.chain
  if (chain) {
    const mismatch = await checkChainId(chain.rpcUrl, chain.chainId)
    if (mismatch.kind === 'different') {
      logger.fatal(`CHAIN_ID is ${chain.chainId} but the chain at RPC_URL is ${mismatch.actual}`)
      return 2
    }
    if (mismatch.kind === 'unreachable')
      logger.warn(`The chain at RPC_URL does not answer yet (${mismatch.reason}); /health/ready reports it`)
  }
  const embedded = options.embedded && {
    ...options.embedded,
    frameScriptPath:
      options.embedded.frameScriptPath ?? fileURLToPath(import.meta.resolve('@portico/embedded/frame.js')),
  }
  const server = await startServer({
    ...options,
    embedded,
    logger,
    log: (line) => logger.info(line),
    warn: (line) => logger.warn(line),
  })
  logger.info({ url: server.url, publicUrl: server.publicUrl }, `Listening on ${server.url}`)
  // What the operator deploys PorticoNameResolver with (or sets on it): this URL, this signer.
  if (server.namesGateway)
    logger.info(
      server.namesGateway,
      `Names gateway at ${server.namesGateway.url}, signing as ${server.namesGateway.signer}`,
    )
  await stopOnSignal(server, shutdownTimeoutMs)
  return 0
}

/**
 * SIGTERM or SIGINT: stop taking connections, let the requests in flight finish (Fastify answers
 * 503 to new requests on open connections meanwhile), stop the indexer — which releases its lock
 * for another instance — and close the database. A second signal, or the timeout, ends it at once.
 */
function stopOnSignal(server: { close(): Promise<void> }, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGTERM', stop).off('SIGINT', stop)
      process.once(signal, () => {
        logger.warn(`${signal} again: exiting without waiting`)
        process.exit(1)
      })
      logger.info(`${signal}: finishing requests in flight, then stopping`)
      const timer = setTimeout(() => {
        logger.error(`Still stopping after ${timeoutMs / 1000} s (SHUTDOWN_TIMEOUT_S): exiting`)
        process.exit(1)
      }, timeoutMs)
      timer.unref()
      server.close().then(() => {
        clearTimeout(timer)
        logger.info('Stopped')
        resolve()
      }, reject)
    }
    process.on('SIGTERM', stop).on('SIGINT', stop)
  })
}

async function migrate(env: Record<string, string | undefined>): Promise<number> {
  const database = await openDatabase({ databaseUrl: requireDatabaseUrl(env) })
  await database.close()
  logger.info(
    { migrated: database.migrated },
    database.migrated.length === 0
      ? 'The database schema is up to date'
      : `Applied ${database.migrated.length} migration(s): ${database.migrated.join(', ')}`,
  )
  return 0
}

async function project(env: Record<string, string | undefined>, args: string[]): Promise<number> {
  const command = parseCliArgs(args)
  if (command.command === 'help') {
    console.log(USAGE)
    return 0
  }
  const database = await openDatabase({ databaseUrl: requireDatabaseUrl(env) })
  try {
    // Plain output, not a log line: `PROJECT_ID=$(portico-server project create …)` captures it.
    console.log(await runCommand(database.db, command))
    return 0
  } finally {
    await database.close()
  }
}

function requireDatabaseUrl(env: Record<string, string | undefined>): string {
  const url = env.DATABASE_URL
  if (!url || !/^postgres(ql)?:\/\//.test(url))
    throw new UsageError('DATABASE_URL must be set to a postgres:// connection string')
  return url
}

/** The process environment over `--env-file`'s lines: what the operator set explicitly wins. */
function environment(argv: string[]): { env: Record<string, string | undefined>; rest: string[] } {
  const at = argv.indexOf('--env-file')
  if (at === -1) return { env: process.env, rest: argv }
  const file = argv[at + 1]
  if (!file) throw new UsageError('--env-file needs a file name')
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new UsageError(`--env-file ${file}: ${(error as NodeJS.ErrnoException).code ?? 'cannot be read'}`)
  }
  return { env: { ...parseEnv(text), ...process.env }, rest: [...argv.slice(0, at), ...argv.slice(at + 2)] }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    // One line, no stack: these are for the operator (a port in use, a database that refuses).
    logger.fatal(message.split('\n')[0])
    process.exitCode = error instanceof UsageError || error instanceof ProjectInputError ? 2 : 1
  },
)
