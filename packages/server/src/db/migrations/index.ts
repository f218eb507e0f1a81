import type { Migration } from 'kysely'
import * as projects from './0001_projects.ts'

/**
 * Every migration, keyed by a name that sorts in the order they must run. Listed in code rather
 * than read from the folder so the same set runs under tsx, vitest and any bundler.
 */
export const migrations: Record<string, Migration> = {
  '0001_projects': projects,
}
