import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import type { SocialProfile } from '../profiles.ts'

/** An answer's `auth_date` may run ahead of the services' clock by this much, not more. */
const CLOCK_SKEW_S = 60

/**
 * The string Telegram signs: every field it sent except `hash`, sorted by name, `name=value`
 * joined by line feeds. Fields this code does not know are in it too: Telegram signs them all.
 */
export function dataCheckString(fields: Readonly<Record<string, string>>): string {
  return Object.keys(fields)
    .filter((name) => name !== 'hash')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('\n')
}

/** hex(HMAC-SHA-256(SHA-256(bot token), data-check string)), as the Login Widget's `hash` is made. */
export function telegramHash(fields: Readonly<Record<string, string>>, botToken: string): string {
  const secret = createHash('sha256').update(botToken).digest()
  return createHmac('sha256', secret).update(dataCheckString(fields)).digest('hex')
}

const TelegramUser = z.object({
  id: z.string().regex(/^\d{1,20}$/),
  first_name: z.string().min(1).max(256),
  last_name: z.string().max(256).optional(),
  username: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,64}$/)
    .optional(),
  auth_date: z.string().regex(/^\d{1,12}$/),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
})

export type CheckedAnswer =
  | { ok: true; profile: SocialProfile; hash: string; authDate: number }
  | { ok: false; reason: string }

/**
 * The Login Widget's answer, checked: signed with this bot's token (compared in constant time),
 * `auth_date` at most `maxAgeSeconds` old and not ahead of `now` beyond a small skew. The person is
 * Telegram's user id; the account shows their name. Telegram shares no e-mail address, and the
 * photo's URL is neither kept nor fetched.
 */
export function checkTelegramAnswer(
  fields: Readonly<Record<string, string>>,
  botToken: string,
  context: { now: Date; maxAgeSeconds: number },
): CheckedAnswer {
  const parsed = TelegramUser.safeParse(fields)
  if (!parsed.success) return { ok: false, reason: 'the answer lacks a field or has one malformed' }
  const user = parsed.data
  const expected = Buffer.from(telegramHash(fields, botToken), 'hex')
  if (!timingSafeEqual(expected, Buffer.from(user.hash, 'hex')))
    return { ok: false, reason: 'the answer is not signed with this bot’s token' }
  const authDate = Number(user.auth_date)
  const nowS = Math.floor(context.now.getTime() / 1000)
  if (nowS - authDate > context.maxAgeSeconds) return { ok: false, reason: 'the answer is too old' }
  if (authDate - nowS > CLOCK_SKEW_S) return { ok: false, reason: 'the answer is dated in the future' }
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ')
  return {
    ok: true,
    profile: { subject: user.id, username: name, email: null, emailVerified: false },
    hash: user.hash,
    authDate,
  }
}
