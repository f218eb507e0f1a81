import { sql } from 'kysely'
import { combine } from 'shamir-secret-sharing'
import { generatePrivateKey } from 'viem/accounts'
import { expect, test } from 'vitest'
import { describeEachBackend } from '../test-support/backends.ts'
import { frameAppForSuite } from '../test-support/frame-app-suite.ts'
import { newDevice } from '../test-support/frame-call.ts'
import {
  addressOfShares,
  keySetupBody,
  newFrameKey,
  setUpKeyAsFrame,
  shareBytes,
} from '../test-support/frame-keys.ts'
import { openEnvelope } from './envelope.ts'
import { KeyText } from './key-routes.ts'

describeEachBackend('embedded-wallet key shares', (backend) => {
  const frame = frameAppForSuite(backend)

  const error = (answer: { statusCode: number; json(): { error: unknown } }) => ({
    status: answer.statusCode,
    ...(answer.json().error as object),
  })
  const userRow = (email: string) =>
    frame.db.selectFrom('embedded_users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()

  test('a first login has no key; the frame sets it up once, proven by the key, and the address never changes', async () => {
    const email = `setup-${backend.name}@example.com`
    const call = frame.as(await frame.login(email))
    expect((await call('/user', {})).json()).toMatchObject({
      email,
      address: null,
      accounts: [],
      recovery: null,
    })
    expect((await call('/key/status', {})).json()).toEqual({
      state: 'none',
      address: null,
      recovery: null,
      recoveryAvailable: false,
      codeUnlocks: false,
      passkey: null,
      rotationAdvised: false,
    })

    const key = await newFrameKey()
    const wrongKey = await call('/key/setup', await keySetupBody(key, email, generatePrivateKey()))
    expect(error(wrongKey)).toEqual({ status: 400, code: 'BAD_REQUEST', message: KeyText.PROOF_MISMATCH })
    const otherEmail = await call('/key/setup', await keySetupBody(key, `other-${email}`))
    expect(error(otherEmail)).toMatchObject({ status: 400, message: KeyText.PROOF_MISMATCH })
    expect((await userRow(email)).address).toBeNull()

    const setUp = await call('/key/setup', await keySetupBody(key, email))
    expect(setUp.statusCode).toBe(200)
    expect(setUp.json().user).toMatchObject({
      email,
      address: key.address,
      accounts: [{ address: key.address, type: 'eoa' }],
      recovery: 'operator',
    })
    expect((await call('/key/status', {})).json()).toEqual({
      state: 'shares',
      address: key.address,
      recovery: 'operator',
      // The session that set the key up wrote the device share itself: a token taken from it must
      // not fetch the recovery share beside the server share.
      recoveryAvailable: false,
      codeUnlocks: false,
      passkey: null,
      rotationAdvised: true,
    })

    const again = await call('/key/setup', await keySetupBody(await newFrameKey(), email))
    expect(error(again)).toEqual({ status: 409, code: 'CONFLICT', message: KeyText.ALREADY_SET_UP })
    expect((await call('/user', {})).json()).toMatchObject({ address: key.address, recovery: 'operator' })
    expect((await userRow(email)).address).toBe(key.address)
  })

  test('two setups at once: one key is kept, the other refused', async () => {
    const email = `race-${backend.name}@example.com`
    const call = frame.as(await frame.login(email))
    const keys = [await newFrameKey(), await newFrameKey()]
    const answers = await Promise.all(
      keys.map(async (key) => call('/key/setup', await keySetupBody(key, email))),
    )
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    const kept = keys[answers.findIndex((answer) => answer.statusCode === 200)]
    expect((await userRow(email)).address).toBe(kept?.address)
  })

  test('the server share goes back only to a live session, and only once the key is set up', async () => {
    const email = `share-${backend.name}@example.com`
    const session = await frame.login(email)
    const call = frame.as(session)
    expect(error(await call('/key/share', {}))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: KeyText.NOT_SET_UP,
    })
    const key = await setUpKeyAsFrame(call, email)
    expect((await frame.call('/key/share', {}, { device: session.device })).statusCode).toBe(401)
    expect((await frame.call('/key/share', {}, { device: session.device, token: 'forged' })).statusCode).toBe(
      401,
    )
    // A session is bound to its device.
    expect((await frame.call('/key/share', {}, { ...session, device: newDevice() })).statusCode).toBe(401)
    const { serverShare } = (await call('/key/share', {})).json()
    expect(serverShare).toBe(key.server)
    expect(await addressOfShares(key.device, shareBytes(serverShare))).toBe(key.address)
    await call('/sign-out', {})
    expect((await call('/key/share', {})).statusCode).toBe(401)
  })

  test('the recovery share goes once to a session at most 10 minutes old; with the server share it restores the key', async () => {
    const email = `recovery-${backend.name}@example.com`
    const first = frame.as(await frame.login(email))
    expect(error(await first('/key/recovery', {}))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: KeyText.RECOVERY_AFTER_LOGIN,
    })
    const key = await setUpKeyAsFrame(first, email)

    // A new device, or a browser that lost its storage: a fresh login restores.
    const fresh = frame.as(await frame.login(email))
    expect((await fresh('/key/status', {})).json()).toMatchObject({
      state: 'shares',
      recoveryAvailable: true,
      codeUnlocks: false,
    })
    const recovery = await fresh('/key/recovery', {})
    expect(recovery.json()).toEqual({ kind: 'operator', share: key.recovery })
    const { serverShare } = (await fresh('/key/share', {})).json()
    expect(await addressOfShares(shareBytes(recovery.json().share), shareBytes(serverShare))).toBe(
      key.address,
    )
    // The device share of the first device keeps working beside the restored one: same polynomial.
    expect(await addressOfShares(key.device, shareBytes(recovery.json().share))).toBe(key.address)
    expect(error(await fresh('/key/recovery', {}))).toMatchObject({ status: 403 })
    expect((await fresh('/key/status', {})).json().recoveryAvailable).toBe(false)

    // A token older than 10 minutes (stolen, or simply kept) gets nothing.
    const old = await frame.loginMinutesAgo(email, 11)
    expect((await frame.as(old)('/key/status', {})).json().recoveryAvailable).toBe(false)
    expect(error(await frame.as(old)('/key/recovery', {}))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: KeyText.RECOVERY_AFTER_LOGIN,
    })
    // Signing still works for it: only recovery needs a fresh login.
    expect((await frame.as(old)('/key/share', {})).json().serverShare).toBe(key.server)
  })

  test('everything the services hold — every row of every table and MASTER_KEY — does not give the key without RECOVERY_KEY', async () => {
    const email = `custody-${backend.name}@example.com`
    const key = await setUpKeyAsFrame(frame.as(await frame.login(email)), email)
    const { id } = await userRow(email)
    const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(frame.db)
    expect(tables.rows.map((row) => row.table_name)).toContain('embedded_key_shares')
    const dump: string[] = []
    for (const { table_name } of tables.rows) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table_name)}`.execute(
        frame.db,
      )
      dump.push(JSON.stringify(rows.rows))
    }
    const text = dump.join('\n')

    // No key, and no share as the frame sent it: the device share never left, the others are sealed.
    const privateKey = Buffer.from(key.privateKey.slice(2), 'hex')
    for (const secret of [
      privateKey,
      Buffer.from(key.device),
      shareBytes(key.server),
      shareBytes(key.recovery),
    ])
      for (const form of [secret.toString('hex'), secret.toString('base64'), secret.toString('base64url')])
        expect(text.toLowerCase()).not.toContain(form.toLowerCase())

    const row = await frame.db
      .selectFrom('embedded_key_shares')
      .selectAll()
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow()
    // MASTER_KEY opens the server share, and nothing else of this user's.
    const serverShare = new Uint8Array(openEnvelope(frame.masterKey, `share:${id}`, row.server_share))
    expect(Buffer.from(serverShare).toString('base64url')).toBe(key.server)
    for (const associatedData of [`recovery:${id}`, `share:${id}`, id])
      expect(() => openEnvelope(frame.masterKey, associatedData, row.recovery_share)).toThrow()

    // One share is not enough, and no other 33 bytes the database holds complete it.
    await expect(combine([serverShare])).rejects.toThrow()
    const pieces = (text.match(/[A-Za-z0-9+/_-]{40,}={0,2}/g) ?? [])
      .map((piece) => new Uint8Array(Buffer.from(piece, 'base64')))
      .filter((piece) => piece.length === serverShare.length)
    expect(pieces.length).toBeGreaterThan(0)
    for (const piece of pieces) {
      const address = await addressOfShares(serverShare, piece).catch(() => undefined)
      expect(address).not.toBe(key.address)
    }
    // With RECOVERY_KEY as well, the operator can restore it: that is what operator recovery is.
    const recoveryShare = new Uint8Array(
      openEnvelope(frame.recoveryKey, `recovery:${id}`, row.recovery_share),
    )
    expect(await addressOfShares(serverShare, recoveryShare)).toBe(key.address)
  })
})
