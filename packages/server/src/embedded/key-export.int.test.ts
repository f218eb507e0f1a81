import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { type FrameApp, startFrameApp } from '../test-support/frame-call.ts'
import { addressOfShares, setUpKeyAsFrame, shareBytes } from '../test-support/frame-keys.ts'
import { type DevMailbox, startDevMailbox } from './dev-mailbox.ts'
import { KeyText } from './key-routes.ts'
import { issueOtp, OtpText } from './otps.ts'

const EXPORT_ENDING =
  'Not you? Do not pass the code on: with it, someone signed in to your wallet can take its key. Change your e-mail password, then move your funds to a wallet only you control.'

describeEachBackend('embedded-wallet key export', (backend) => {
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

  type Session = { device: string; token?: string }
  const call = (path: string, body: object, caller: Session) => frame.call(path, body, caller)
  const login = (email: string) => frame.login(email)
  const walletOf = async (label: string) => {
    const email = `${label}-${backend.name}@example.com`
    const session = await login(email)
    const key = await setUpKeyAsFrame((path, body) => call(path, body, session), email)
    return { email, session, key }
  }
  const mailsTo = (email: string) => mailbox.messages().filter((mail) => mail.to.includes(email))
  const exportCode = async (email: string, session: Session) => {
    const before = mailsTo(email).length
    expect((await call('/key/export/code', {}, session)).json()).toEqual({})
    await expect.poll(() => mailsTo(email).length).toBe(before + 1)
    const mail = mailsTo(email).at(-1)
    return {
      mail,
      code: /^Your code to show your wallet's private key: (\d{6})\n/.exec(mail?.text ?? '')?.[1] ?? '',
    }
  }
  const message = (answer: { json(): { error: { message: string } } }) => answer.json().error.message

  test('a mailed code, once, gives the frame the server share that with its device share shows the key', async () => {
    const { email, session, key } = await walletOf('export')
    const { mail, code } = await exportCode(email, session)
    expect(mail?.subject).toBe(`Your code to export your private key for Shop: ${code}`)
    expect(mail?.text).toContain(EXPORT_ENDING)

    const exported = await call('/key/export', { otp: code }, session)
    expect(exported.statusCode).toBe(200)
    expect(await addressOfShares(key.device, shareBytes(exported.json().serverShare))).toBe(key.address)
    const again = await call('/key/export', { otp: code }, session)
    expect(again.statusCode).toBe(400)
    expect(message(again)).toBe(OtpText.EXPIRED)
  })

  test('the fifth wrong code locks it; a login code, or a code for another device, is not an export code', async () => {
    const { email, session } = await walletOf('guess')
    const loginCode = await issueOtp(testDb.database.db, frame.hashToken, {
      email,
      purpose: 'login',
      deviceId: session.device,
    })
    const asExport = await call('/key/export', { otp: loginCode }, session)
    expect(asExport.statusCode).toBe(400)
    expect(message(asExport)).toBe(OtpText.EXPIRED)

    const { code } = await exportCode(email, session)
    // Another session of the same user, on another device, cannot spend this device's code.
    const elsewhere = await call('/key/export', { otp: code }, await login(email))
    expect(message(elsewhere)).toBe(OtpText.EXPIRED)

    const wrong = code === '000000' ? '111111' : '000000'
    const answers: string[] = []
    for (let i = 0; i < 5; i++) answers.push(message(await call('/key/export', { otp: wrong }, session)))
    expect(answers).toEqual([
      OtpText.INVALID,
      OtpText.INVALID,
      OtpText.INVALID,
      OtpText.INVALID,
      OtpText.LOCKED,
    ])
    const right = await call('/key/export', { otp: code }, session)
    expect(right.statusCode).toBe(429)
    expect(message(right)).toBe(OtpText.LOCKED)
  })

  test('codes are mailed as login codes are: none within the resend cooldown', async () => {
    const { email, session } = await walletOf('cooldown')
    await exportCode(email, session)
    const again = await call('/key/export/code', {}, session)
    expect(again.statusCode).toBe(429)
    expect(again.json().error.code).toBe('EMAIL_COOLDOWN')
    expect(mailsTo(email)).toHaveLength(1)
  })

  test('no session is a 401, no key a 409 and no mail; a malformed code a 400', async () => {
    const { session } = await walletOf('refused')
    for (const path of ['/key/export/code', '/key/export'])
      expect((await call(path, { otp: '123456' }, { device: session.device })).statusCode).toBe(401)

    const email = `nokey-${backend.name}@example.com`
    const noKey = await call('/key/export/code', {}, await login(email))
    expect(noKey.statusCode).toBe(409)
    expect(message(noKey)).toBe(KeyText.NOT_SET_UP)
    expect(mailsTo(email)).toEqual([])

    for (const otp of ['1'.repeat(17), 123456, undefined]) {
      const answer = await call('/key/export', { otp }, session)
      expect(answer.statusCode).toBe(400)
      expect(message(answer)).toMatch(/^body\.otp: /)
    }
  })
})
