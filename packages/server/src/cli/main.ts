import { resolve } from 'node:path'
import { readAdminChannel } from '../admin/channel.ts'
import { openDatabase } from '../db/database.ts'
import { ProjectInputError } from '../projects/errors.ts'
import { type CliCommand, parseCliArgs, USAGE, UsageError } from './args.ts'
import { runCommand } from './commands.ts'

/** Manages projects and their allowed origins: `npm run project -- <command>` (see USAGE). */
async function main(argv: readonly string[]): Promise<number> {
  const command = parseCliArgs(argv)
  if (command.command === 'help') {
    console.log(USAGE)
    return 0
  }
  const databaseUrl = process.env.DATABASE_URL || undefined
  const dataDir = resolve(process.env.DATA_DIR || '.data')
  const running = databaseUrl ? undefined : await readAdminChannel(dataDir)
  const answer = running && (await sendToRunningServer(running, command))
  if (answer !== undefined) {
    console.log(answer)
    return 0
  }
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir })
  try {
    console.log(await runCommand(database.db, command))
    return 0
  } finally {
    await database.close()
  }
}

/**
 * Runs the command on the server that holds the embedded database. Undefined when no server
 * answers (a note left behind by a crash), so the caller opens the database itself.
 */
async function sendToRunningServer(
  channel: { url: string; token: string },
  command: Exclude<CliCommand, { command: 'help' }>,
): Promise<string | undefined> {
  let response: Response
  try {
    response = await fetch(`${channel.url}/admin/cli`, {
      method: 'POST',
      headers: { authorization: `Bearer ${channel.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(command),
      signal: AbortSignal.timeout(5_000),
    })
  } catch {
    return undefined
  }
  const body = (await response.json().catch(() => ({}))) as { output?: string; error?: { message?: string } }
  if (response.ok && typeof body.output === 'string') return body.output
  const message = body.error?.message ?? `the running server answered ${response.status}`
  throw response.status === 400 ? new ProjectInputError(message) : new Error(message)
}

/** Errors are for people here: one line, no stack, and an exit code scripts can tell apart. */
function exitCode(error: unknown): number {
  if (error instanceof UsageError || error instanceof ProjectInputError) return 2
  return 1
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    const hint = error instanceof UsageError ? ' (see: npm run project -- --help)' : ''
    console.error(`error: ${message.split('\n')[0]}${hint}`)
    process.exitCode = exitCode(error)
  },
)
