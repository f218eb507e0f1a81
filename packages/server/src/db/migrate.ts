import { type Kysely, Migrator } from 'kysely'
import { migrations } from './migrations/index.ts'

/**
 * Brings the schema up to date and names the migrations it applied. Kysely's Postgres adapter holds an advisory lock while it runs, so
 * several server instances starting together on one database apply each migration once.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error, results } = await migrator.migrateToLatest()
  if (error === undefined)
    return (results ?? [])
      .filter((result) => result.status === 'Success')
      .map((result) => result.migrationName)
  const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? ''
  const reason = error instanceof Error ? error.message : String(error)
  throw new Error(`Database migration ${failed} failed: ${reason}`, { cause: error })
}
