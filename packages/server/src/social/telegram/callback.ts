import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Tables } from '../../db/tables.ts'
import { page } from '../../embedded/page-shell.ts'
import type { TokenHasher } from '../../hash-secret.ts'
import type { ZodTypeProvider } from '../../http/route-schema.ts'
import { takeAnswer } from '../attempts.ts'
import { browserSecretOf, clearedBrowserCookie } from '../browser-cookie.ts'
import { endWithoutLogin, loginToConfirm } from '../outcomes.ts'
import { confirmPage, EXPIRED, INVALID, OTHER_BROWSER, resultPage } from '../popup-pages.ts'
import { spendTelegramAnswer } from './answers.ts'
import { checkTelegramAnswer } from './data-check.ts'
import type { TelegramLogin } from './login.ts'
import { relayPage } from './relay-page.ts'

const LABEL = 'Telegram'

/**
 * Telegram's authorisation page for an attempt: the bot, the services' origin (the bot's domain)
 * and where to come back, with the attempt's state in that address, since Telegram keeps none.
 */
export function telegramAuthUrl(telegram: TelegramLogin | undefined, state: string): URL | undefined {
  if (!telegram) return undefined
  const returnTo = new URL(telegram.returnUrl)
  returnTo.searchParams.set('state', state)
  const url = new URL(telegram.authUrl)
  url.searchParams.set('bot_id', telegram.botId)
  url.searchParams.set('origin', telegram.returnUrl.origin)
  url.searchParams.set('return_to', returnTo.href)
  return url
}

/** The query: our `state`, `error` from the relay page, and every field Telegram signed. */
const Answer = z
  .record(z.string().regex(/^[a-z_]{1,32}$/), z.string().max(2048))
  .refine((fields) => Object.keys(fields).length <= 24, 'too many fields')

/** Not another attempt's answer, not used before: spent in the transaction that settles the login. */
class UsedAnswer extends Error {}

/**
 * `GET /v1/auth/social/telegram/callback`: the Login Widget's answer, taken as the other providers'
 * are — the attempt's state spent once, in the browser that followed `go` only — then checked
 * (Telegram's HMAC with the bot token, `auth_date` fresh) and spent itself, so the same signed
 * answer cannot open a second attempt. Telegram puts its answer after `#`, where the services
 * cannot read it: the first visit is a page whose script puts the fields in the query.
 */
export function telegramCallbackRoute(
  scope: FastifyInstance,
  deps: { db: Kysely<Tables>; hashToken: TokenHasher; telegram: TelegramLogin },
): void {
  const { db, hashToken, telegram } = deps
  const app = scope.withTypeProvider<ZodTypeProvider>()
  app.get('/telegram/callback', { schema: { querystring: Answer } }, async (request, reply) => {
    const { state, error, ...fields } = request.query
    if (!state) return page(reply.code(400), 'Login not valid', INVALID)
    if (error === undefined && fields.hash === undefined) return relayPage(reply)
    const attempt = await takeAnswer(db, hashToken, state, browserSecretOf(request.headers.cookie))
    if (attempt === 'otherBrowser') return page(reply.code(403), 'Login not completed', OTHER_BROWSER)
    if (!attempt) return page(reply.code(410), 'Login expired', EXPIRED)
    reply.header('set-cookie', clearedBrowserCookie())
    if (attempt.provider !== 'telegram' || error !== undefined)
      return resultPage(
        reply,
        attempt,
        await endWithoutLogin(db, attempt.id, LABEL, error === 'access_denied'),
      )
    const checked = checkTelegramAnswer(fields, telegram.botToken, {
      now: new Date(),
      maxAgeSeconds: telegram.maxAgeSeconds,
    })
    if (!checked.ok) {
      request.log.warn(`telegram login refused: ${checked.reason}`)
      return resultPage(reply, attempt, await endWithoutLogin(db, attempt.id, LABEL, false))
    }
    // Kept until the answer is too old to pass the date check anyway.
    const expiresAt = new Date((checked.authDate + telegram.maxAgeSeconds + 1) * 1000)
    try {
      const token = await loginToConfirm(db, hashToken, attempt, checked.profile, async (trx) => {
        if (!(await spendTelegramAnswer(trx, hashToken, { hash: checked.hash, expiresAt })))
          throw new UsedAnswer()
      })
      return confirmPage(reply, token, attempt.started, LABEL)
    } catch (error) {
      if (!(error instanceof UsedAnswer)) throw error
      request.log.warn('telegram login refused: the answer was used before')
      return resultPage(reply, attempt, await endWithoutLogin(db, attempt.id, LABEL, false))
    }
  })
}
