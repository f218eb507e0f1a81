import { sql } from 'kysely'
import type { Address } from 'viem'
import { expect, test } from 'vitest'
import { describeEachBackend } from '../test-support/backends.ts'
import { frameAppForSuite } from '../test-support/frame-app-suite.ts'
import {
  addressOfShares,
  passkeyBody,
  resplitForPasskey,
  setUpKeyAsFrame,
} from '../test-support/frame-keys.ts'
import { openEnvelope } from './envelope.ts'

const SHARE_BYTES = 33

describeEachBackend('embedded-wallet custody with passkey recovery', (backend) => {
  const frame = frameAppForSuite(backend)

  /** Every row of every table the services keep, as the operator (or a thief of the database) reads it. */
  const everyRow = async () => {
    const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(frame.db)
    const rows: Record<string, unknown>[] = []
    for (const { table_name } of tables.rows)
      rows.push(
        ...(await sql<Record<string, unknown>>`select * from ${sql.table(table_name)}`.execute(frame.db))
          .rows,
      )
    return rows
  }

  /**
   * Every key the services' holdings rebuild: each text of each row opened with MASTER_KEY and
   * RECOVERY_KEY under every binding the services use, for every user; every 33 bytes opened, or
   * written in a row as base64, base64url or hex, tried against every other with `combine`.
   */
  const keysRebuilt = async (): Promise<Set<Address>> => {
    const rows = await everyRow()
    const texts = rows.flatMap((row) => Object.values(row)).filter((value) => typeof value === 'string')
    const userIds = await frame.db.selectFrom('embedded_users').select('id').execute()
    const bindings = userIds.flatMap(({ id }) => [`share:${id}`, `recovery:${id}`, id])
    const candidates = new Map<string, Uint8Array>()
    const consider = (bytes: Uint8Array) => {
      if (bytes.length === SHARE_BYTES)
        candidates.set(Buffer.from(bytes).toString('hex'), new Uint8Array(bytes))
    }
    for (const text of texts) {
      for (const piece of text.match(/[A-Za-z0-9+/_-]{40,}={0,2}/g) ?? []) {
        consider(Buffer.from(piece, 'base64'))
        if (/^[0-9a-f]+$/i.test(piece)) consider(Buffer.from(piece, 'hex'))
      }
      for (const key of [frame.masterKey, frame.recoveryKey])
        for (const binding of bindings) {
          try {
            consider(openEnvelope(key, binding, text))
          } catch {
            // Not sealed under this key for this binding.
          }
        }
    }
    const shares = [...candidates.values()]
    const rebuilt = new Set<Address>()
    for (const [index, first] of shares.entries())
      for (const second of shares.slice(index + 1)) {
        const address = await addressOfShares(first, second).catch(() => undefined)
        if (address) rebuilt.add(address)
      }
    return rebuilt
  }

  test('everything the services hold — every row, MASTER_KEY and RECOVERY_KEY — does not rebuild a passkey user’s key, though it rebuilds an operator user’s', async () => {
    const passkeyEmail = `passkey-${backend.name}@example.com`
    const passkeyCall = frame.as(await frame.login(passkeyEmail))
    const passkeyKey = await setUpKeyAsFrame(passkeyCall, passkeyEmail)
    const switched = await passkeyCall(
      '/key/passkey',
      await passkeyBody(await resplitForPasskey(passkeyKey), passkeyEmail),
    )
    expect(switched.statusCode).toBe(200)

    // The contrast that shows the procedure can find a key: operator recovery means the operator can rebuild it,
    // which is why the account view tells such users that the app can recover their wallet.
    const operatorEmail = `operator-${backend.name}@example.com`
    const operatorKey = await setUpKeyAsFrame(frame.as(await frame.login(operatorEmail)), operatorEmail)

    const legacyKeys = await frame.db
      .selectFrom('embedded_users')
      .select('encrypted_key')
      .where('email', 'in', [passkeyEmail, operatorEmail])
      .execute()
    expect(legacyKeys).toEqual([{ encrypted_key: null }, { encrypted_key: null }])

    const rebuilt = await keysRebuilt()
    expect(rebuilt).toContain(operatorKey.address)
    expect(rebuilt).not.toContain(passkeyKey.address)
  })
})
