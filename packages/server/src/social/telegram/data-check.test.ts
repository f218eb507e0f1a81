import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { checkTelegramAnswer, dataCheckString } from './data-check.ts'

const BOT_TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw'
const NOW = new Date('2026-12-07T12:00:00Z')
const nowS = NOW.getTime() / 1000
const context = { now: NOW, maxAgeSeconds: 300 }

/** Signed as Telegram documents it, written out here rather than through the code under test. */
function signed(fields: Record<string, string>, token = BOT_TOKEN): Record<string, string> {
  const text = Object.entries(fields)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('\n')
  const secret = createHash('sha256').update(token).digest()
  return { ...fields, hash: createHmac('sha256', secret).update(text).digest('hex') }
}

const ALICE = {
  id: '424242',
  first_name: 'Alice',
  last_name: 'Example',
  username: 'alice',
  photo_url: 'https://t.me/i/userpic/320/alice.jpg',
  auth_date: String(nowS - 10),
}

describe('the Telegram Login Widget data check', () => {
  it('builds the data-check string from every field but hash, sorted by name', () => {
    expect(dataCheckString({ username: 'a', hash: 'x', auth_date: '1', id: '7' })).toBe(
      'auth_date=1\nid=7\nusername=a',
    )
  })

  it('accepts an answer signed with the bot token, as the person’s id and name', () => {
    expect(checkTelegramAnswer(signed(ALICE), BOT_TOKEN, context)).toMatchObject({
      ok: true,
      profile: { subject: '424242', username: 'Alice Example', email: null, emailVerified: false },
      authDate: nowS - 10,
    })
  })

  it('refuses a hash made with another bot’s token, or one a field was changed under', () => {
    const other = signed(ALICE, '987654321:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw')
    expect(checkTelegramAnswer(other, BOT_TOKEN, context)).toMatchObject({ ok: false })
    expect(checkTelegramAnswer({ ...signed(ALICE), id: '1' }, BOT_TOKEN, context)).toMatchObject({
      ok: false,
      reason: 'the answer is not signed with this bot’s token',
    })
  })

  it('checks a field it does not know too: Telegram signs every field it sends', () => {
    const withExtra = signed({ ...ALICE, allows_write_to_pm: 'true' })
    expect(checkTelegramAnswer(withExtra, BOT_TOKEN, context).ok).toBe(true)
    // Added after signing, or dropped: the hash no longer matches.
    expect(checkTelegramAnswer({ ...signed(ALICE), allows_write_to_pm: 'true' }, BOT_TOKEN, context).ok).toBe(
      false,
    )
    const { allows_write_to_pm: _dropped, ...without } = withExtra
    expect(checkTelegramAnswer(without, BOT_TOKEN, context).ok).toBe(false)
  })

  it('refuses an answer older than the allowed age, or dated ahead of the clock', () => {
    const stale = signed({ ...ALICE, auth_date: String(nowS - 301) })
    expect(checkTelegramAnswer(stale, BOT_TOKEN, context)).toEqual({
      ok: false,
      reason: 'the answer is too old',
    })
    const future = signed({ ...ALICE, auth_date: String(nowS + 3600) })
    expect(checkTelegramAnswer(future, BOT_TOKEN, context)).toEqual({
      ok: false,
      reason: 'the answer is dated in the future',
    })
    expect(
      checkTelegramAnswer(signed({ ...ALICE, auth_date: String(nowS - 300) }), BOT_TOKEN, context).ok,
    ).toBe(true)
  })

  it('refuses an answer without its id, date or hash', () => {
    for (const missing of ['id', 'auth_date', 'hash', 'first_name']) {
      const fields: Record<string, string> = { ...signed(ALICE) }
      delete fields[missing]
      expect(checkTelegramAnswer(fields, BOT_TOKEN, context), missing).toEqual({
        ok: false,
        reason: 'the answer lacks a field or has one malformed',
      })
    }
  })
})
