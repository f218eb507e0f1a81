import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { findOrCreateUser } from '../embedded/accounts.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { newDevice } from '../test-support/frame-call.ts'
import { keySetupBody, newFrameKey } from '../test-support/frame-keys.ts'
import {
  type HeldRequest,
  newIp,
  runPopup,
  type SocialApp,
  startSocialApp,
} from '../test-support/social-login.ts'
import { SOCIAL_LOGIN_PROVIDERS, type SocialLoginProvider } from './providers.ts'

const isCallback = (url: URL) => url.pathname === '/v1/auth/social/callback'

/** The provider's held answer, sent as a browser at `ip` with `cookie` (or none) sends it. */
const answerAs = (held: HeldRequest, ip: string, cookie: string | undefined = held.cookie) =>
  fetch(held.url, {
    method: held.form ? 'POST' : 'GET',
    headers: {
      'x-forwarded-for': ip,
      ...(cookie ? { cookie } : {}),
      ...(held.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: held.form?.toString(),
  })

describeEachBackend('social login through the development identity provider', (backend) => {
  let testDb: TestDatabase
  let social: SocialApp
  beforeAll(async () => {
    testDb = await backend.open()
    social = await startSocialApp(testDb.database)
  })
  afterAll(async () => {
    await social?.close()
    await testDb?.dispose()
  })

  /** An attempt started by the frame of `device`, in a browser at `ip`. */
  const start = async (provider: SocialLoginProvider, device = newDevice(), ip = newIp()) => {
    const started = await social.call('/social/start', { provider }, { device, ip })
    expect(started.statusCode, started.body).toBe(200)
    const { attemptId, url } = started.json() as { attemptId: string; url: string }
    return { attemptId, url, device, ip }
  }
  const poll = async (attemptId: string, device: string) => {
    const polled = await social.call('/social/poll', { attemptId }, { device })
    expect(polled.statusCode, polled.body).toBe(200)
    return polled.json()
  }
  /** Start → popup (pick `who`) → poll, as the frame of `device` and its popup do it. */
  const login = async (provider: SocialLoginProvider, who: string, device = newDevice()) => {
    const { attemptId, url, ip } = await start(provider, device)
    const popup = await runPopup(url, who, { ip })
    return { attemptId, popup, answer: await poll(attemptId, device), device }
  }
  /** The confirmation page's Continue button. */
  const confirm = (token: string) =>
    fetch(`${social.servicesUrl}/v1/auth/social/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    })
  /** What the frame does after a first login: a key set up, so the user has an address. */
  const setUpKey = async (token: string, device: string, email: string | null) => {
    const setup = await social.call('/key/setup', await keySetupBody(await newFrameKey(), email ?? ''), {
      device,
      token,
    })
    expect(setup.statusCode, setup.body).toBe(200)
    return setup.json().user.address as string
  }

  test.each(SOCIAL_LOGIN_PROVIDERS)(
    '%s: a full login ends in a frame session and an address; the same person again gets the same address',
    async (provider) => {
      const first = await login(provider, 'dan')
      expect(first.popup.html).toContain('You can close this window')
      expect(first.answer).toMatchObject({
        status: 'done',
        user: { email: null, address: null, social: { provider } },
      })
      const { token } = first.answer
      const address = await setUpKey(token, first.device, null)
      expect((await social.call('/user', {}, { device: first.device, token })).json()).toMatchObject({
        address,
        social: { provider },
      })

      const again = await login(provider, 'dan')
      expect(again.answer).toMatchObject({ status: 'done', user: { address } })
    },
  )

  test('a verified address joins the e-mail account that has it, from every provider that verifies it', async () => {
    const emailUser = await findOrCreateUser(social.db, 'alice@example.com')
    const byGoogle = await login('google', 'alice')
    expect(byGoogle.answer.user).toMatchObject({ email: 'alice@example.com', social: { provider: 'google' } })
    const address = await setUpKey(byGoogle.answer.token, byGoogle.device, 'alice@example.com')
    for (const provider of ['apple', 'x', 'discord', 'github'] as const) {
      const other = await login(provider, 'alice')
      expect(other.answer.user, provider).toMatchObject({ email: 'alice@example.com', address })
    }
    const users = await social.db
      .selectFrom('embedded_social_identities')
      .select('user_id')
      .where('email', '=', 'alice@example.com')
      .execute()
    expect(new Set(users.map((row) => row.user_id))).toEqual(new Set([emailUser.id]))
  })

  test('an address the provider does not say is verified is never linked to the e-mail account that has it', async () => {
    await findOrCreateUser(social.db, 'carol@example.com')
    const unverified = await login('discord', 'carol')
    expect(unverified.answer.user).toMatchObject({
      email: null,
      address: null,
      social: { provider: 'discord' },
    })
    // Facebook gives no verified flag at all: its address is not linked either.
    await findOrCreateUser(social.db, 'bob@example.com')
    const facebook = await login('facebook', 'bob')
    expect(facebook.answer.user).toMatchObject({ email: null, address: null })
  })

  test('the account shows each provider’s user name as that provider maps it', async () => {
    const names = {
      google: 'Bob Example',
      apple: 'Bob Example',
      x: '@bob',
      discord: 'bob',
      github: 'bob',
      facebook: 'Bob Example',
    }
    for (const provider of SOCIAL_LOGIN_PROVIDERS) {
      const { answer } = await login(provider, 'bob')
      expect(answer.user.social, provider).toEqual({ provider, username: names[provider] })
    }
  })

  test('the popup ends on a page that tells the opener only the attempt and its status, for the page’s origin', async () => {
    const { attemptId, url, ip } = await start('github')
    const popup = await runPopup(url, 'bob', { ip })
    expect(popup.html).toContain('Logged in')
    expect(popup.html).toContain(
      JSON.stringify({ attemptId, targetOrigin: 'https://shop.example', status: 'done' }),
    )
  })

  test('a poll before the popup is back answers pending; another device cannot poll the attempt', async () => {
    const { attemptId, url, device, ip } = await start('x')
    expect(await poll(attemptId, device)).toEqual({ status: 'pending' })
    const stranger = await social.call('/social/poll', { attemptId }, { device: newDevice() })
    expect(stranger.statusCode).toBe(404)
    await runPopup(url, 'bob', { ip })
    expect(await poll(attemptId, device)).toMatchObject({ status: 'done' })
    // The login was handed over once; the attempt is spent.
    expect(await poll(attemptId, device)).toMatchObject({
      status: 'error',
      code: 'expired',
      message: 'Session Expired',
    })
  })

  test('the provider’s answer is taken once: a replayed state finds nothing', async () => {
    const { attemptId, url, device, ip } = await start('google')
    const held = (await runPopup(url, 'bob', { ip, stopAt: isCallback })).held as HeldRequest
    const first = await answerAs(held, ip)
    expect(await first.text()).toContain('Confirm your login')
    const replay = await answerAs(held, ip)
    expect(replay.status).toBe(410)
    expect(await replay.text()).toContain('already used or has expired')
    expect(await poll(attemptId, device)).toEqual({ status: 'pending' })
  })

  test('an answer that reaches another browser than the one that followed the link logs nobody in', async () => {
    const { attemptId, url, device, ip } = await start('github')
    const held = (await runPopup(url, 'bob', { ip, stopAt: isCallback })).held as HeldRequest
    expect(held.cookie).toMatch(/__Host-portico_social=/)
    // Another browser on the same IP (one office, one NAT): no cookie, or another attempt's.
    const noCookie = await answerAs(held, ip, '')
    expect(noCookie.status).toBe(403)
    expect(await noCookie.text()).toContain('This login was started in another browser')
    const otherAttempt = await start('github', newDevice(), ip)
    const otherCookie = (await runPopup(otherAttempt.url, 'bob', { ip, stopAt: isCallback })).held?.cookie
    expect((await answerAs(held, ip, otherCookie)).status).toBe(403)
    // Nothing was settled: the attempt still waits for its own browser's answer.
    expect(await poll(attemptId, device)).toEqual({ status: 'pending' })
    const attempt = await social.db
      .selectFrom('embedded_social_attempts')
      .select(['status', 'user_id'])
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow()
    expect(attempt).toEqual({ status: 'redirected', user_id: null })
    // The browser that followed the link finishes it.
    const own = await answerAs(held, ip)
    expect(own.headers.getSetCookie().join()).toContain(
      '__Host-portico_social=; Secure; HttpOnly; SameSite=Lax; Path=/; Max-Age=0',
    )
    const confirmed = await confirm(/name="token" value="([^"]+)"/.exec(await own.text())?.[1] ?? '')
    expect(await confirmed.text()).toContain('You are logged in.')
    expect(await poll(attemptId, device)).toMatchObject({
      status: 'done',
      user: { social: { provider: 'github' } },
    })
  })

  test('the link sets its cookie for the services’ host only, out of script’s reach', async () => {
    const { url, ip } = await start('google')
    const go = await fetch(url, { redirect: 'manual', headers: { 'x-forwarded-for': ip } })
    expect(go.status).toBe(302)
    expect(go.headers.getSetCookie()).toEqual([
      expect.stringMatching(
        /^__Host-portico_social=[A-Za-z0-9_-]{43}; Secure; HttpOnly; SameSite=Lax; Path=\/; Max-Age=600$/,
      ),
    ])
  })

  test('Apple’s form_post answer is taken once too, and one from Apple’s site is posted again from ours', async () => {
    const { url, ip } = await start('apple')
    const held = (await runPopup(url, 'dan', { ip, stopAt: isCallback })).held as HeldRequest
    expect(held.form?.get('code')).toBeTruthy()
    // Posted from Apple's site, a SameSite=Lax cookie stays behind: the page posts the fields again.
    const crossSite = await fetch(held.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': ip,
        'sec-fetch-site': 'cross-site',
      },
      body: held.form?.toString(),
    })
    const repost = await crossSite.text()
    expect(crossSite.status).toBe(200)
    expect(repost).toContain('<form method="post" action="/v1/auth/social/callback">')
    expect(repost).toContain(`name="code" value="${held.form?.get('code')}"`)
    expect(await (await answerAs(held, ip)).text()).toContain('Confirm your login')
    expect((await answerAs(held, ip)).status).toBe(410)
  })

  test('an expired attempt is refused: its popup, its provider answer and its poll', async () => {
    const expire = (attemptId: string) =>
      social.db
        .updateTable('embedded_social_attempts')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .where('id', '=', attemptId)
        .execute()
    const unopened = await start('discord')
    await expire(unopened.attemptId)
    const popup = await runPopup(unopened.url, 'bob', { ip: unopened.ip })
    expect(popup.status).toBe(410)
    expect(popup.html).toContain('Login expired')
    expect(await poll(unopened.attemptId, unopened.device)).toEqual({
      status: 'error',
      code: 'expired',
      message: 'Session Expired',
    })

    const late = await start('discord')
    const held = (await runPopup(late.url, 'bob', { ip: late.ip, stopAt: isCallback })).held as HeldRequest
    await expire(late.attemptId)
    expect((await answerAs(held, late.ip)).status).toBe(410)
    expect(await poll(late.attemptId, late.device)).toMatchObject({ status: 'error', code: 'expired' })
  })

  test('every login waits for the person to confirm it, once, even from the IP that started it', async () => {
    const { attemptId, url, device, ip } = await start('google')
    const popup = await runPopup(url, 'bob', { ip, confirm: false })
    expect(popup.html).toContain('Confirm your login')
    expect(popup.html).toContain('Shop (https://shop.example)')
    expect(await poll(attemptId, device)).toEqual({ status: 'pending' })
    const token = /name="token" value="([^"]+)"/.exec(popup.html)?.[1] ?? ''
    expect(await (await confirm(token)).text()).toContain('You are logged in.')
    expect((await confirm(token)).status).toBe(410)
    expect(await poll(attemptId, device)).toMatchObject({
      status: 'done',
      user: { social: { provider: 'google' } },
    })
  })

  test('logins started from one IP are limited as e-mail login limits its mails', async () => {
    const ip = '192.0.2.40'
    const starts = []
    for (let i = 0; i < 30; i++)
      starts.push(
        (await social.call('/social/start', { provider: 'google' }, { device: newDevice(), ip })).statusCode,
      )
    expect(new Set(starts)).toEqual(new Set([200]))
    const refused = await social.call('/social/start', { provider: 'google' }, { device: newDevice(), ip })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.message).toBe('Too many logins were started. Please try again later.')
  })

  test('a person who declines at the provider gets a clear message, in the popup and in the frame', async () => {
    const { attemptId, url, device, ip } = await start('github')
    const popup = await runPopup(url, 'cancel', { ip })
    expect(popup.html).toContain('The login was cancelled at GitHub.')
    expect(await poll(attemptId, device)).toEqual({
      status: 'error',
      code: 'access_denied',
      message: 'The login was cancelled at GitHub.',
    })
  })
})
