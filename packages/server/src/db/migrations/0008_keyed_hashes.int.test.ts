import { createHash, randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createProject } from '../../projects/repository.ts'
import { describeEachBackend, type TestDatabase } from '../../test-support/backends.ts'
import type { Tables } from '../tables.ts'
import { up } from './0008_keyed_hashes.ts'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const inAnHour = () => new Date(Date.now() + 3_600_000)

describeEachBackend('migration 0008_keyed_hashes', (backend) => {
  let testDb: TestDatabase
  let db: Kysely<Tables>
  beforeAll(async () => {
    testDb = await backend.open()
    db = testDb.database.db
  })
  afterAll(async () => {
    await testDb?.dispose()
  })

  test('what was stored under plain SHA-256 ends: codes used, pending links gone, sessions signed out', async () => {
    const project = await createProject(db, { name: 'Old', origins: ['https://old.example'] })
    const user = { id: randomUUID(), email: 'old@example.com', address: '0x1', encrypted_key: 'v1.x' }
    await db.insertInto('embedded_users').values(user).execute()
    await db
      .insertInto('embedded_otps')
      .values({
        id: randomUUID(),
        email: user.email,
        purpose: 'login',
        device_id: 'd1',
        code_hash: sha256('123456'),
        expires_at: inAnHour(),
      })
      .execute()
    // The database is migrated to the latest version; 0008 ran on the table as 0007 made it, with an
    // approval link's hash (dropped by 0021).
    await sql`alter table embedded_devices add column approval_token_hash text`.execute(db)
    await sql`insert into embedded_devices (user_id, device_id, approval_token_hash)
      values (${user.id}, 'pending', ${sha256('link')})`.execute(db)
    await db
      .insertInto('embedded_devices')
      .values({ user_id: user.id, device_id: 'approved', approved_at: new Date() })
      .execute()
    const session = { user_id: user.id, project_id: project.id, device_id: 'approved' }
    await db
      .insertInto('embedded_sessions')
      .values({ ...session, token_hash: sha256('token'), expires_at: inAnHour() })
      .execute()
    await db
      .insertInto('siwx_sessions')
      .values({
        id: 'a'.repeat(32),
        token_hash: sha256('bearer'),
        project_id: project.id,
        address: '0x1',
        chain_id: 1,
        message: 'm',
        signature: '0x',
        expires_at: inAnHour(),
        revoked_at: null,
      })
      .execute()

    await up(db as Kysely<unknown>)

    const count = async (query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(db)).rows[0]?.n
    expect(await count(sql`select count(*)::int as n from embedded_otps where used_at is null`)).toBe(0)
    expect(
      await count(sql`select count(*)::int as n from embedded_devices where approval_token_hash is not null`),
    ).toBe(0)
    expect(
      await count(sql`select count(*)::int as n from embedded_devices where approved_at is not null`),
    ).toBe(1)
    expect(await count(sql`select count(*)::int as n from embedded_sessions`)).toBe(0)
    expect(await count(sql`select count(*)::int as n from siwx_sessions where revoked_at is null`)).toBe(0)
  })
})
