import fc from 'fast-check'
import { newToken } from '../../embedded/tokens.ts'
import { createAttempt, leaveForProvider, settleAttempt, takeAnswer } from '../../social/attempts.ts'
import { SOCIAL_LOGIN_PROVIDERS, type SocialProvider } from '../../social/providers.ts'
import type { Route } from '../fuzz.ts'
import type { RequestShape } from '../request.ts'
import { type FuzzTarget, PAGE } from '../target.ts'
import { FRAME_GUARD, fromFrame, hex, OPEN, visitor } from './common.ts'

const provider = fc.constantFrom(...SOCIAL_LOGIN_PROVIDERS)

/** An attempt of the holder's frame, as `/social/start` makes it, without asking the provider. */
const newAttempt = (target: FuzzTarget, chosen: SocialProvider, ip: string) =>
  createAttempt(target.db, {
    provider: chosen,
    projectId: target.project.id,
    deviceId: target.wallet.device,
    parentOrigin: PAGE,
    ip,
    context: { project: target.project.name, device: 'Firefox on Linux' },
  })

const popup = (method: string, path: string, params: Record<string, string> = {}): RequestShape => ({
  method,
  path,
  params,
  query: [],
  headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
})

/**
 * The provider's answer to an attempt on its way, in the browser that followed its link (the
 * cookie): a code the provider never issued, or a refusal.
 */
const callback = (method: 'GET' | 'POST'): Route => ({
  name: `${method} /v1/auth/social/callback`,
  guard: OPEN,
  valid: (target) =>
    fc.tuple(provider, visitor, hex(32), fc.boolean()).map(([chosen, ip, code, denied]) => async () => {
      const browserSecret = newToken()
      const leaving = await leaveForProvider(
        target.db,
        target.hashToken,
        await newAttempt(target, chosen, ip),
        browserSecret,
      )
      const answer: Array<[string, string]> = [
        ['state', leaving?.checks.state ?? ''],
        denied ? ['error', 'access_denied'] : ['code', code],
      ]
      const path = '/v1/auth/social/callback'
      const shape = popup(method, path)
      const inBrowser = {
        ...shape,
        headers: { ...shape.headers, cookie: `__Host-portico_social=${browserSecret}` },
      }
      return method === 'GET' ? { ...inBrowser, query: answer } : { ...inBrowser, body: { form: answer } }
    }),
})

/**
 * Telegram's Login Widget answer, in the browser that followed the attempt's link: fields signed by
 * no bot token the services hold, a refusal, or the first visit that only relays the fields.
 */
const telegramCallback: Route = {
  name: 'GET /v1/auth/social/telegram/callback',
  guard: OPEN,
  valid: (target) =>
    fc
      .tuple(
        visitor,
        fc.integer({ min: 1, max: 2 ** 40 }),
        hex(32),
        fc.constantFrom('signed', 'denied', 'relay'),
      )
      .map(([ip, id, hash, kind]) => async () => {
        const browserSecret = newToken()
        const leaving = await leaveForProvider(
          target.db,
          target.hashToken,
          await newAttempt(target, 'telegram', ip),
          browserSecret,
        )
        const state: [string, string] = ['state', leaving?.checks.state ?? '']
        const fields: Array<[string, string]> =
          kind === 'denied'
            ? [['error', 'access_denied']]
            : kind === 'relay'
              ? []
              : [
                  ['id', String(id)],
                  ['first_name', 'Dan'],
                  ['auth_date', String(Math.floor(Date.now() / 1000))],
                  ['hash', hash],
                ]
        const shape = popup('GET', '/v1/auth/social/telegram/callback')
        return {
          ...shape,
          headers: { ...shape.headers, cookie: `__Host-portico_social=${browserSecret}` },
          query: [state, ...fields],
        }
      }),
}

export const socialRoutes: Route[] = [
  telegramCallback,
  {
    name: 'POST /v1/auth/social/start',
    guard: FRAME_GUARD,
    valid: (target) =>
      fc
        .tuple(provider, visitor)
        .map(([chosen, ip]) => fromFrame(target, '/social/start', { provider: chosen }, { ip })),
  },
  {
    name: 'POST /v1/auth/social/poll',
    guard: FRAME_GUARD,
    valid: (target) =>
      fc.tuple(provider, visitor).map(([chosen, ip]) => async () => {
        const attemptId = await newAttempt(target, chosen, ip)
        return fromFrame(target, '/social/poll', { attemptId }, { ip })
      }),
  },
  {
    name: 'GET /v1/auth/social/:attemptId/go',
    guard: OPEN,
    valid: (target) =>
      fc.tuple(provider, visitor).map(
        ([chosen, ip]) =>
          async () =>
            popup('GET', '/v1/auth/social/:attemptId/go', {
              attemptId: await newAttempt(target, chosen, ip),
            }),
      ),
  },
  callback('GET'),
  callback('POST'),
  {
    name: 'POST /v1/auth/social/confirm',
    guard: OPEN,
    valid: (target) =>
      fc.tuple(provider, visitor).map(([chosen, ip]) => async () => {
        // A login of the holder answered in its browser, waiting for its button.
        const browserSecret = newToken()
        const leaving = await leaveForProvider(
          target.db,
          target.hashToken,
          await newAttempt(target, chosen, ip),
          browserSecret,
        )
        const answered = await takeAnswer(
          target.db,
          target.hashToken,
          leaving?.checks.state ?? '',
          browserSecret,
        )
        const token = newToken()
        await settleAttempt(target.db, typeof answered === 'object' ? answered.id : '', {
          userId: target.wallet.userId,
          subject: 'fuzz',
          confirmHash: target.hashToken(token),
        })
        return { ...popup('POST', '/v1/auth/social/confirm'), body: { form: [['token', token]] } }
      }),
  },
]
