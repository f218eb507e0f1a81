import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Database } from '../db/database.ts'
import { tokenHasher } from '../hash-secret.ts'
import { createProject, type Project } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { deviceProof, newDevice } from '../test-support/device-key.ts'
import { type DevMail, type DevMailbox, startDevMailbox } from './dev-mailbox.ts'
import { createKeyVault } from './keys.ts'
import { createMailer } from './mail.ts'
import type { EmbeddedServices } from './setup.ts'

const PAGE = 'https://shop.example'
const PUBLIC_URL = 'https://wallet.example'
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const HOSTILE_PAGE = 'https://hostile.example'
const HOSTILE_NAME = `Acme <script>alert(1)</script> & "Co" 'x'`

describeEachBackend('embedded-wallet mail, links and pages', (backend) => {
  let testDb: TestDatabase
  let mailbox: DevMailbox
  let services: EmbeddedServices
  let app: FastifyInstance
  let proxied: FastifyInstance
  let project: Project
  let hostile: Project

  beforeAll(async () => {
    mailbox = await startDevMailbox({ log: () => {} })
    services = {
      vault: createKeyVault({ masterKey: randomBytes(32), recoveryKey: randomBytes(32) }),
      mailer: createMailer(mailbox.smtpUrl, 'test@portico.localhost'),
      chain: { rpcUrl: 'http://127.0.0.1:9', chainId: 31337 },
      publicUrl: new URL(PUBLIC_URL),
      frameScript: 'console.log("frame")',
      devMailbox: undefined,
      hashToken: tokenHasher(randomBytes(32), 'embedded'),
    }
    testDb = await backend.open()
    const database = testDb.database
    app = await buildServer({ database, embedded: services })
    // Behind a proxy that is believed, X-Forwarded-Host is what Fastify reports as the host.
    proxied = await buildServer({ database, embedded: services, trustProxy: true })
    project = await createProject(database.db, { name: 'Acme Shop', origins: [PAGE] })
    // Project names are free text: the page must show this one as text.
    hostile = await createProject(database.db, { name: HOSTILE_NAME, origins: [HOSTILE_PAGE] })
  })
  afterAll(async () => {
    await app?.close()
    await proxied?.close()
    await testDb?.dispose()
    services?.mailer.close()
    await mailbox?.close()
  })

  const db = () => (testDb.database as Database).db
  const device = newDevice
  const call = (
    path: string,
    body: object,
    options: { device: string; token?: string; headers?: Record<string, string>; server?: FastifyInstance },
  ) =>
    (options.server ?? app).inject({
      method: 'POST',
      url: `/v1/auth${path}`,
      headers: {
        host: 'wallet.example',
        origin: PUBLIC_URL,
        'user-agent': FIREFOX_LINUX,
        'x-portico-project': project.id,
        'x-portico-parent-origin': PAGE,
        dpop: deviceProof(options.device, { url: `${PUBLIC_URL}/v1/auth${path}`, token: options.token }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      payload: body,
    })
  const mailsTo = (email: string) => mailbox.messages().filter((mail) => mail.to.includes(email))
  const lastMailTo = (email: string): DevMail => {
    const mail = mailsTo(email).at(-1)
    if (!mail) throw new Error(`no mail to ${email}`)
    return mail
  }
  const codeIn = (mail: DevMail) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? ''
  const resetCooldown = (email: string) =>
    db().deleteFrom('embedded_mail_cooldowns').where('email', '=', email).execute()
  const login = async (email: string) => {
    const id = device()
    expect((await call('/email/connect', { email }, { device: id })).json()).toEqual({ action: 'VERIFY_OTP' })
    const verified = await call('/otp/verify', { email, otp: codeIn(lastMailTo(email)) }, { device: id })
    expect(verified.statusCode).toBe(200)
    await resetCooldown(email)
    return { device: id, token: (verified.json() as { token: string }).token }
  }
  const expectRequestDetails = (text: string, device: string) => {
    expect(text).toContain(`Acme Shop (${PAGE})`)
    expect(text).toContain(`${device}, IP 127.0.0.1`)
    expect(text).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/)
  }
  test('the login mail names the app, the page, the time and the device, and its code works', async () => {
    const email = `context-${backend.name}@example.com`
    const id = device()
    await call('/email/connect', { email }, { device: id })
    const mail = lastMailTo(email)
    expect(mail.subject).toContain('Acme Shop')
    expectRequestDetails(mail.text, 'Firefox on Linux')
    const verified = await call('/otp/verify', { email, otp: codeIn(mail) }, { device: id })
    expect(verified.statusCode).toBe(200)
  })

  test('a forged Host is refused before any mail; a forwarded one does not move the link', async () => {
    const email = `host-${backend.name}@example.com`
    await login(email)
    const before = mailsTo(email).length
    const forged = await call(
      '/email/connect',
      { email },
      { device: device(), headers: { host: 'evil.example', origin: 'http://evil.example' } },
    )
    expect(forged.statusCode).toBe(403)
    expect(mailsTo(email)).toHaveLength(before)

    const forwarded = await call(
      '/email/connect',
      { email },
      {
        device: device(),
        server: proxied,
        headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      },
    )
    expect(forwarded.json()).toEqual({ action: 'VERIFY_OTP' })
    // A login mail carries a code for the device that asked, and no link a forged host could move.
    expect(lastMailTo(email).text).not.toMatch(/evil\.example|wallet\.example/)
  })

  test("a new device's code mail says so and shows who asked, hostile values as plain text", async () => {
    const email = `approve-${backend.name}@example.com`
    await login(email)
    const answer = await call(
      '/email/connect',
      { email },
      {
        device: device(),
        headers: {
          'user-agent': `<script>alert(1)</script> ${CHROME_WINDOWS}`,
          'x-portico-project': hostile.id,
          'x-portico-parent-origin': HOSTILE_PAGE,
        },
      },
    )
    expect(answer.json()).toEqual({ action: 'VERIFY_OTP' })
    const mail = lastMailTo(email)
    expect(mail.subject).toMatch(/^Your login code for a new device for Acm/)
    expect(mail.text).toMatch(
      /^Your login code: \d{6}\. It logs in to your wallet from a device that has not been used with it before/,
    )
    expect(mail.text).toContain('(https://hostile.example)')
    // The User-Agent itself is never shown: only the browser and system read from it.
    expect(mail.text).toContain('Device: Chrome on Windows, IP 127.0.0.1')
    expect(mail.text).not.toContain('Mozilla')
    expect(mail.text).toMatch(/\nNot you\? Do not pass the code on.+\n$/)
  })

  test('the codes for changing the address say so, never "login code"', async () => {
    const email = `old-${backend.name}@example.com`
    const newEmail = `new-${backend.name}@example.com`
    const session = await login(email)
    const auth = { device: session.device, token: session.token }
    const other = await login(email)
    expect((await call('/email/update', { email: newEmail }, auth)).json()).toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    })
    const leaving = lastMailTo(email)
    const primary = await call('/email/update/primary', { otp: codeIn(leaving), newEmail }, auth)
    expect(primary.json()).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const arriving = lastMailTo(newEmail)
    for (const mail of [leaving, arriving]) {
      expect(`${mail.subject}\n${mail.text}`).not.toMatch(/login code/i)
      expect(mail.subject).toMatch(/^E-mail change .*under way.* for Acme Shop: \d{6}$/)
      expect(mail.text).toMatch(/^E-mail change under way\. Your code: \d{6}\./)
      expect(mail.text).toMatch(/\nNot you\? .+\n$/)
      expectRequestDetails(mail.text, 'Firefox on Linux')
    }
    expect(leaving.subject).not.toBe(arriving.subject)
    expect(leaving.text.split('\n')[0]).toContain(`It moves your wallet from this address to ${newEmail}.`)
    expect(arriving.text).not.toContain(email)
    const secondary = await call('/email/update/secondary', { otp: codeIn(arriving), newEmail }, auth)
    expect(secondary.json()).toEqual({ newEmail })
    // The old address hears of it, without the new one; every other session of the wallet has ended.
    const told = lastMailTo(email)
    expect(told.subject).toBe("Your wallet's e-mail address was changed for Acme Shop")
    expect(told.text).not.toContain(newEmail)
    expect((await call('/user', {}, { device: other.device, token: other.token })).statusCode).toBe(401)
    expect((await call('/user', {}, auth)).json()).toMatchObject({ email: newEmail })
  })

  test("only the project's pages may embed /frame", async () => {
    const frame = await app.inject({ url: `/frame?projectId=${project.id}` })
    const csp = frame.headers['content-security-policy']
    expect(csp).toContain(`frame-ancestors ${PAGE}`)
    expect(csp).toContain("script-src 'self'")
    const unknown = await app.inject({ url: `/frame?projectId=${'f'.repeat(32)}` })
    expect(unknown.headers['content-security-policy']).toContain("frame-ancestors 'none'")
  })
})
