import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { newDevice } from '../test-support/device-key.ts'
import { type FrameApp, startFrameApp } from '../test-support/frame-call.ts'
import { addressOfShares, createLegacyUser, setUpKeyAsFrame, shareBytes } from '../test-support/frame-keys.ts'
import { type DevMailbox, startDevMailbox } from './dev-mailbox.ts'
import { DeviceProofText } from './device-proof.ts'
import { KeyText } from './key-routes.ts'
import { OtpText } from './otps.ts'

/**
 * A session someone other than the user can mint — a login by a social provider or Farcaster, whose
 * answer a script can obtain — and a session token copied out of the frame: neither gets a second
 * share of an operator-recovery wallet, a legacy key, or anything at all without the device's key.
 */
describeEachBackend('fresh sessions and the operator recovery share', (backend) => {
  let testDb: TestDatabase
  let mailbox: DevMailbox
  let frame: FrameApp

  beforeAll(async () => {
    testDb = await backend.open()
    mailbox = await startDevMailbox({ log: () => {} })
    frame = await startFrameApp(testDb.database, { smtpUrl: mailbox.smtpUrl })
  })
  afterAll(async () => {
    await frame?.close()
    await mailbox?.close()
    await testDb?.dispose()
  })

  const walletOf = async (label: string) => {
    const email = `${label}-${backend.name}@example.com`
    const session = await frame.login(email)
    const key = await setUpKeyAsFrame(frame.as(session), email)
    return { email, key }
  }
  const unlockCode = async (email: string) => {
    await expect
      .poll(
        () =>
          mailbox
            .messages()
            .filter((mail) => mail.to.includes(email))
            .at(-1)?.subject ?? '',
      )
      .toMatch(/^Your code to open your wallet on a new device/)
    const mail = mailbox
      .messages()
      .filter((m) => m.to.includes(email))
      .at(-1)
    return /^Your code to open your wallet on this device: (\d{6})\n/.exec(mail?.text ?? '')?.[1] ?? ''
  }

  test('a login without a code gets the server share only: the recovery share needs a code typed on that device', async () => {
    const { email, key } = await walletOf('social')
    const script = frame.as(await frame.loginWithoutCode(email))
    expect((await script('/key/status', {})).json()).toMatchObject({
      state: 'shares',
      recovery: 'operator',
      recoveryAvailable: false,
      codeUnlocks: true,
    })
    const refused = await script('/key/recovery', {})
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toBe(KeyText.RECOVERY_AFTER_LOGIN)

    // The code goes to the user's mailbox and is bound to the device that asked for it: the script
    // that asked cannot use it without the mailbox, and a code passed to another device is refused.
    const device = newDevice()
    const own = await frame.loginWithoutCode(email, device)
    expect((await frame.as(own)('/key/recovery/code', {})).statusCode).toBe(200)
    const code = await unlockCode(email)
    const stranger = await frame.call('/key/recovery/verify', { otp: code }, { ...own, device: newDevice() })
    expect(stranger.statusCode).toBe(401)
    const elsewhere = await script('/key/recovery/verify', { otp: code })
    expect(elsewhere.statusCode).toBe(400)
    expect(elsewhere.json().error.message).toBe(OtpText.EXPIRED)
    expect((await script('/key/recovery', {})).statusCode).toBe(403)

    expect((await frame.as(own)('/key/recovery/verify', { otp: code })).json()).toEqual({})
    const released = await frame.as(own)('/key/recovery', {})
    expect(released.statusCode).toBe(200)
    const server = (await frame.as(own)('/key/share', {})).json().serverShare
    expect(await addressOfShares(shareBytes(released.json().share), shareBytes(server))).toBe(key.address)
    // Once per session, as after a login with a code.
    expect((await frame.as(own)('/key/recovery', {})).statusCode).toBe(403)
  })

  test("a legacy user's whole key is not handed to a login without a code", async () => {
    const email = `legacy-fresh-${backend.name}@example.com`
    await createLegacyUser(frame.db, frame.masterKey, email)
    const script = frame.as(await frame.loginWithoutCode(email))
    const refused = await script('/key/legacy', {})
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toBe(KeyText.LEGACY_AFTER_LOGIN)
  })

  test('a session token copied out of the frame is worth nothing without the device key', async () => {
    const { email } = await walletOf('copied')
    const session = await frame.login(email)
    for (const path of ['/key/share', '/key/status', '/user']) {
      const copied = await frame.call(path, {}, { device: newDevice(), token: session.token })
      expect(copied.statusCode).toBe(401)
    }
    const noProof = await frame.app.inject({
      method: 'POST',
      url: '/v1/auth/key/share',
      headers: {
        host: 'services.test',
        origin: 'http://services.test',
        'x-portico-project': (await frame.db.selectFrom('projects').select('id').executeTakeFirstOrThrow())
          .id,
        'x-portico-parent-origin': 'https://shop.example',
        authorization: `Bearer ${session.token}`,
      },
      payload: {},
    })
    expect(noProof.statusCode).toBe(401)
    expect(noProof.json().error.message).toBe(DeviceProofText.MISSING)
    expect((await frame.as(session)('/key/share', {})).statusCode).toBe(200)
  })

  test('a user without an e-mail address is told that only a passkey opens the wallet on a new device', async () => {
    const { email } = await walletOf('no-mail')
    const session = await frame.loginWithoutCode(email)
    await frame.db.updateTable('embedded_users').set({ email: null }).where('email', '=', email).execute()
    expect((await frame.as(session)('/key/status', {})).json()).toMatchObject({ codeUnlocks: false })
    const refused = await frame.as(session)('/key/recovery/code', {})
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toBe(KeyText.NO_CODE_RECOVERY)
  })
})
