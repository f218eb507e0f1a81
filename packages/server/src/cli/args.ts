import { parseArgs } from 'node:util'
import { isProjectId } from '../projects/project-id.ts'

export type CliCommand =
  | { command: 'help' }
  | { command: 'create'; name: string; origins: string[] }
  | { command: 'list' }
  | { command: 'add-origin'; id: string; origin: string }

/** Wrong arguments: the CLI prints the message on one line and exits with 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}

export const USAGE = `Usage: npm run project -- <command>

Commands:
  create --name NAME --origin URL [--origin URL…]   create a project and print its id
  list                                            list projects with their origins
  add-origin --id ID --origin URL                 allow one more origin for a project

Uses DATABASE_URL when set, else the embedded database in ./.data (DATA_DIR overrides).`

export function parseCliArgs(argv: readonly string[]): CliCommand {
  const [command, ...rest] = argv
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    return { command: 'help' }
  }
  switch (command) {
    case 'create': {
      const { name, origin } = options(rest, {
        name: { type: 'string' },
        origin: { type: 'string', multiple: true },
      })
      if (typeof name !== 'string') throw new UsageError('create needs --name NAME')
      if (!Array.isArray(origin) || origin.length === 0) {
        throw new UsageError('create needs at least one --origin URL')
      }
      return { command, name, origins: origin }
    }
    case 'list':
      options(rest, {})
      return { command }
    case 'add-origin': {
      // `multiple` so a repeated --origin is refused instead of all but the last being dropped.
      const { id, origin } = options(rest, {
        id: { type: 'string' },
        origin: { type: 'string', multiple: true },
      })
      if (typeof id !== 'string') throw new UsageError('add-origin needs --id ID')
      if (!isProjectId(id)) throw new UsageError('--id must be 32 lowercase hexadecimal characters')
      if (!Array.isArray(origin) || origin.length !== 1 || origin[0] === undefined) {
        throw new UsageError('add-origin needs exactly one --origin URL')
      }
      return { command, id, origin: origin[0] }
    }
    default:
      throw new UsageError(`Unknown command "${command}" — expected create, list or add-origin`)
  }
}

type OptionSpec = Record<string, { type: 'string'; multiple?: boolean }>

/** node:util's parser, with its errors (unknown flag, missing value) turned into usage errors. */
function options(args: string[], spec: OptionSpec) {
  try {
    return parseArgs({ args, options: spec, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0] ?? 'Invalid arguments')
  }
}
