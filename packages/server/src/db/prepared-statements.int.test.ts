import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { preparedAs } from './prepared-statements.ts'

describeEachBackend('prepared statements', (backend) => {
  let testDb: TestDatabase
  beforeAll(async () => {
    testDb = await backend.open()
  })
  afterAll(async () => {
    await testDb?.dispose()
  })

  test('a marked statement answers like any other, and on Postgres stays prepared on its connection', async () => {
    const probe = (n: number) =>
      sql<{ doubled: number }>`${sql.raw(preparedAs('probe_doubled'))} select ${n}::int * 2 as doubled`
    await testDb.database.db.connection().execute(async (connection) => {
      expect((await probe(2).execute(connection)).rows).toEqual([{ doubled: 4 }])
      expect((await probe(21).execute(connection)).rows).toEqual([{ doubled: 42 }])
      const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(
        connection,
      )
      const names = rows.map((row) => row.name)
      if (backend.name === 'postgres') expect(names).toContain('probe_doubled')
      else expect(names).not.toContain('probe_doubled')
    })
  })
})
