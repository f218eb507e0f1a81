import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { describeEachBackend } from '../test-support/backends.ts'
import { frameAppForSuite } from '../test-support/frame-app-suite.ts'
import { createLegacyUser, keySetupBody, newFrameKey } from '../test-support/frame-keys.ts'
import { KeyText } from './key-routes.ts'

/** What an operator runs to see that no whole key is left (docs/embedded-wallet.md). */
const LEGACY_KEYS_LEFT = sql<{ count: number }>`select count(*)::int as count from embedded_users
  where encrypted_key is not null`

describeEachBackend('embedded-wallet users from before key shares', (backend) => {
  const frame = frameAppForSuite(backend)

  const legacyKeysLeft = async () => (await LEGACY_KEYS_LEFT.execute(frame.db)).rows[0]?.count

  test('a legacy user is reshared at the next login: the key goes out once, its sealed copy is deleted with the setup, the address stays', async () => {
    const email = `legacy-${backend.name}@example.com`
    const legacy = await createLegacyUser(frame.db, frame.masterKey, email)
    expect(await legacyKeysLeft()).toBe(1)
    const call = frame.as(await frame.login(email))
    expect((await call('/user', {})).json()).toMatchObject({ address: legacy.address, recovery: null })
    expect((await call('/key/status', {})).json()).toEqual({
      state: 'legacy',
      address: legacy.address,
      recovery: null,
      recoveryAvailable: true,
      codeUnlocks: false,
      passkey: null,
      rotationAdvised: true,
    })
    expect((await call('/key/share', {})).statusCode).toBe(409)
    expect((await call('/key/recovery', {})).statusCode).toBe(403)

    expect((await call('/key/legacy', {})).json()).toEqual({ privateKey: legacy.privateKey })
    const twice = await call('/key/legacy', {})
    expect(twice.statusCode).toBe(403)
    expect(twice.json().error.message).toBe(KeyText.LEGACY_AFTER_LOGIN)

    // Another key, however well proven, is not this wallet's.
    const other = await call('/key/setup', await keySetupBody(await newFrameKey(), email))
    expect(other.statusCode).toBe(400)
    expect(other.json().error.message).toBe(KeyText.OTHER_ADDRESS)

    const key = await newFrameKey(legacy.privateKey)
    const setUp = await call('/key/setup', await keySetupBody(key, email))
    expect(setUp.statusCode).toBe(200)
    expect(setUp.json().user).toMatchObject({ address: legacy.address, recovery: 'operator' })
    expect((await call('/key/status', {})).json()).toMatchObject({ state: 'shares', address: legacy.address })
    expect(await legacyKeysLeft()).toBe(0)

    // No row anywhere holds the whole key any more.
    const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(frame.db)
    const dump: string[] = []
    for (const { table_name } of tables.rows)
      dump.push(JSON.stringify((await sql`select * from ${sql.table(table_name)}`.execute(frame.db)).rows))
    const whole = Buffer.from(legacy.privateKey.slice(2), 'hex')
    const text = dump.join('\n').toLowerCase()
    for (const form of [whole.toString('hex'), whole.toString('base64'), whole.toString('base64url')])
      expect(text).not.toContain(form.toLowerCase())
    const row = await frame.db
      .selectFrom('embedded_users')
      .select(['address', 'encrypted_key'])
      .where('id', '=', legacy.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ address: legacy.address, encrypted_key: null })
  })

  test('the sealed key is deleted in the transaction that stores the shares: when storing fails, it stays', async () => {
    const email = `atomic-${backend.name}@example.com`
    const legacy = await createLegacyUser(frame.db, frame.masterKey, email)
    const call = frame.as(await frame.login(email))
    const body = await keySetupBody(await newFrameKey(legacy.privateKey), email)
    await sql`create function refuse_shares() returns trigger language plpgsql
      as $$ begin raise exception 'refused by the test'; end $$`.execute(frame.db)
    await sql`create trigger refuse_shares before insert on embedded_key_shares
      for each row execute function refuse_shares()`.execute(frame.db)
    try {
      expect((await call('/key/setup', body)).statusCode).toBe(500)
    } finally {
      await sql`drop trigger refuse_shares on embedded_key_shares`.execute(frame.db)
      await sql`drop function refuse_shares()`.execute(frame.db)
    }
    const row = await frame.db
      .selectFrom('embedded_users')
      .select('encrypted_key')
      .where('id', '=', legacy.id)
      .executeTakeFirstOrThrow()
    expect(row.encrypted_key).not.toBeNull()
    expect((await call('/key/setup', body)).statusCode).toBe(200)
    expect(await legacyKeysLeft()).toBe(0)
  })

  test('the key is moved only right after a login: an older session gets nothing', async () => {
    const email = `late-${backend.name}@example.com`
    await createLegacyUser(frame.db, frame.masterKey, email)
    const old = await frame.loginMinutesAgo(email, 11)
    const late = await frame.as(old)('/key/legacy', {})
    expect(late.statusCode).toBe(403)
    expect(late.json().error.message).toBe(KeyText.LEGACY_AFTER_LOGIN)
    expect((await frame.as(await frame.login(email))('/key/legacy', {})).statusCode).toBe(200)
  })
})
