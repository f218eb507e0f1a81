import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachBackend, type TestDatabase } from '../../test-support/backends.ts'
import { newDevice } from '../../test-support/frame-call.ts'
import { keySetupBody, newFrameKey } from '../../test-support/frame-keys.ts'
import {
  type HeldRequest,
  newIp,
  runPopup,
  type SocialApp,
  startSocialApp,
} from '../../test-support/social-login.ts'
import { telegramHash } from './data-check.ts'
import { TELEGRAM_CALLBACK_PATH } from './login.ts'

/** The return address with Telegram's answer in its query: after the relay page, before the services. */
const isAnswer = (url: URL) => url.pathname === TELEGRAM_CALLBACK_PATH && url.searchParams.has('hash')

const send = (url: URL, ip: string, cookie?: string) =>
  fetch(url, { headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) } })

/** The same answer with other Telegram fields (re-signed with `botToken` when given). */
function withFields(held: HeldRequest, fields: Record<string, string>, botToken?: string): URL {
  const url = new URL(held.url)
  const signed = botToken ? { ...fields, hash: telegramHash(fields, botToken) } : fields
  for (const [name, value] of Object.entries(signed)) url.searchParams.set(name, value)
  return url
}

const telegramFields = (url: URL) =>
  Object.fromEntries([...url.searchParams].filter(([name]) => name !== 'state' && name !== 'hash'))

describeEachBackend('Telegram login through the development stand-in', (backend) => {
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

  const start = async (device = newDevice(), ip = newIp()) => {
    const started = await social.call('/social/start', { provider: 'telegram' }, { device, ip })
    expect(started.statusCode, started.body).toBe(200)
    const { attemptId, url } = started.json() as { attemptId: string; url: string }
    return { attemptId, url, device, ip }
  }
  const poll = async (attemptId: string, device: string) =>
    (await social.call('/social/poll', { attemptId }, { device })).json()
  /**
   * Start, then the popup until Telegram's answer is about to reach the services. The same person
   * within one second is the same signed answer (Telegram's too): each is re-signed with a name of
   * its own, so one test's spent answer is never another's.
   */
  let answers = 0
  const heldAnswer = async (who = 'bob') => {
    const started = await start()
    const held = (await runPopup(started.url, who, { ip: started.ip, stopAt: isAnswer })).held as HeldRequest
    const fields = telegramFields(held.url)
    const url = withFields(held, { ...fields, first_name: `${fields.first_name} ${++answers}` }, botToken())
    return { ...started, held: { ...held, url } }
  }
  const botToken = () => social.idp.social.telegram?.botToken ?? ''
  /** The confirmation page's Continue button. */
  const confirm = async (html: string) => {
    const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? ''
    const confirmed = await fetch(`${social.servicesUrl}/v1/auth/social/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    })
    expect(await confirmed.text()).toContain('You are logged in.')
  }

  test('Telegram sends the popup to its page for this bot, the services’ origin, and back with the state', async () => {
    const { url, ip } = await start()
    const go = await fetch(url, { redirect: 'manual', headers: { 'x-forwarded-for': ip } })
    const to = new URL(go.headers.get('location') ?? '')
    expect(`${to.origin}${to.pathname}`).toBe(`${social.idp.issuer}/telegram/auth`)
    expect(to.searchParams.get('bot_id')).toBe(social.idp.social.telegram?.botToken.split(':')[0])
    expect(to.searchParams.get('origin')).toBe(social.servicesUrl)
    const back = new URL(to.searchParams.get('return_to') ?? '')
    expect(back.pathname).toBe(TELEGRAM_CALLBACK_PATH)
    expect(back.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    expect(go.headers.getSetCookie().join()).toContain('__Host-portico_social=')
  })

  test('a full login: the person’s Telegram id, their name on the account, no e-mail; again the same user', async () => {
    const first = await start()
    const popup = await runPopup(first.url, 'alice', { ip: first.ip })
    expect(popup.html).toContain('You are logged in.')
    const answer = await poll(first.attemptId, first.device)
    expect(answer).toMatchObject({
      status: 'done',
      user: { email: null, address: null, social: { provider: 'telegram', username: 'Alice Example' } },
    })
    // Later logins refresh the name (a login within the same second would be the same signed
    // answer, used up: this one is re-signed as the stand-in would sign a renamed person).
    const again = await heldAnswer('alice')
    const renamed = withFields(
      again.held,
      { ...telegramFields(again.held.url), first_name: 'Alicia' },
      botToken(),
    )
    const confirmPage = await (await send(renamed, again.ip, again.held.cookie)).text()
    await confirm(confirmPage)
    expect((await poll(again.attemptId, again.device)).user.social.username).toBe('Alicia Example')
    const identities = await social.db
      .selectFrom('embedded_social_identities')
      .select(['subject', 'email', 'username'])
      .where('provider', '=', 'telegram')
      .where('subject', '=', again.held.url.searchParams.get('id') ?? '')
      .execute()
    expect(identities).toEqual([
      { subject: expect.stringMatching(/^\d+$/), email: null, username: 'Alicia Example' },
    ])
  })

  test('no e-mail, so as for Farcaster: no export by mailed code', async () => {
    const { attemptId, url, device, ip } = await start()
    await runPopup(url, 'dan', { ip })
    const { token } = await poll(attemptId, device)
    const setup = await social.call('/key/setup', await keySetupBody(await newFrameKey(), ''), {
      device,
      token,
    })
    expect(setup.statusCode, setup.body).toBe(200)
    const refused = await social.call('/key/export/code', {}, { device, token })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toBe(
      'This account has no e-mail address: it logs in with a social account',
    )
  })

  test('the return page passes Telegram’s answer on without spending the attempt', async () => {
    const { held, attemptId, device, ip } = await heldAnswer('carol')
    const bare = new URL(held.url)
    for (const name of [...bare.searchParams.keys()]) if (name !== 'state') bare.searchParams.delete(name)
    const relay = await send(bare, ip, held.cookie)
    expect(relay.status).toBe(200)
    expect(await relay.text()).toContain('tgAuthResult')
    expect(await (await send(held.url, ip, held.cookie)).text()).toContain('Confirm your login')
    expect(await poll(attemptId, device)).toEqual({ status: 'pending' })
  })

  test('an answer is used once: replayed, or carried into another attempt, it logs nobody in', async () => {
    const { held, ip } = await heldAnswer()
    expect(await (await send(held.url, ip, held.cookie)).text()).toContain('Confirm your login')
    const replay = await send(held.url, ip, held.cookie)
    expect(replay.status).toBe(410)
    // Someone who saw the answer starts an attempt of their own and gives it Bob's signed fields.
    const thief = await heldAnswer('alice')
    const carried = withFields(thief.held, {
      ...telegramFields(held.url),
      hash: held.url.searchParams.get('hash') ?? '',
    })
    const refused = await send(carried, thief.ip, thief.held.cookie)
    expect(await refused.text()).toContain('Telegram did not complete the login. Please try again.')
    expect(await poll(thief.attemptId, thief.device)).toEqual({
      status: 'error',
      code: 'provider_error',
      message: 'Telegram did not complete the login. Please try again.',
    })
  })

  test('an answer that reaches another browser than the one that followed the link logs nobody in', async () => {
    const { held, attemptId, device, ip } = await heldAnswer('dan')
    const elsewhere = await send(held.url, ip)
    expect(elsewhere.status).toBe(403)
    expect(await elsewhere.text()).toContain('This login was started in another browser')
    expect(await poll(attemptId, device)).toEqual({ status: 'pending' })
    expect(await (await send(held.url, ip, held.cookie)).text()).toContain('Confirm your login')
  })

  test('a changed field, a forged hash or a stale date is refused', async () => {
    const cases = [
      (held: HeldRequest) => withFields(held, { first_name: 'Mallory' }),
      (held: HeldRequest) =>
        withFields(held, { ...telegramFields(held.url), id: '1' }, '1:forgedforgedforgedforgedforged'),
      (held: HeldRequest) =>
        withFields(
          held,
          { ...telegramFields(held.url), auth_date: String(Math.floor(Date.now() / 1000) - 3600) },
          botToken(),
        ),
    ]
    for (const forge of cases) {
      const { held, attemptId, device, ip } = await heldAnswer()
      const refused = await send(forge(held), ip, held.cookie)
      expect(await refused.text()).toContain('Login failed')
      expect(await poll(attemptId, device)).toMatchObject({ status: 'error', code: 'provider_error' })
    }
    // Re-signed with the bot's own token and a fresh date, the same kind of change would pass: the
    // refusals above are the hash and the date, not the test's handling.
    const { held, ip } = await heldAnswer()
    const fresh = withFields(held, { ...telegramFields(held.url), first_name: 'Robert' }, botToken())
    expect(await (await send(fresh, ip, held.cookie)).text()).toContain('Confirm your login')
  })

  test('a person who declines at Telegram gets a clear message, in the popup and in the frame', async () => {
    const { attemptId, url, device, ip } = await start()
    const popup = await runPopup(url, 'cancel', { ip })
    expect(popup.html).toContain('The login was cancelled at Telegram.')
    expect(await poll(attemptId, device)).toEqual({
      status: 'error',
      code: 'access_denied',
      message: 'The login was cancelled at Telegram.',
    })
  })
})
