import { resolve } from 'node:path'
import { parseCliArgs, USAGE, UsageError } from './cli/args.ts'
import { runCommand } from './cli/commands.ts'
import { openDatabase } from './db/database.ts'
import { ProjectInputError } from './projects/errors.ts'

/** Manages projects and their allowed origins: `npm run project -- <command>` (see USAGE). */
async function main(argv: readonly string[]): Promise<number> {
  const command = parseCliArgs(argv)
  if (command.command === 'help') {
    console.log(USAGE)
    return 0
  }
  const databaseUrl = process.env.DATABASE_URL || undefined
  const dataDir = resolve(process.env.DATA_DIR || '.data')
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir })
  try {
    console.log(await runCommand(database.db, command))
    return 0
  } finally {
    await database.close()
  }
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
