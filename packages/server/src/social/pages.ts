import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Tables } from '../db/tables.ts'
import { answerAsPages, escapeHtml, page } from '../embedded/page-shell.ts'
import { newToken } from '../embedded/tokens.ts'
import type { TokenHasher } from '../hash-secret.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import { type AnsweredAttempt, ATTEMPT_ID, confirmAttempt, leaveForProvider, takeAnswer } from './attempts.ts'
import { browserCookie, browserSecretOf, clearedBrowserCookie } from './browser-cookie.ts'
import { endWithoutLogin, loginToConfirm } from './outcomes.ts'
import { confirmPage, type Ended, EXPIRED, INVALID, OTHER_BROWSER, resultPage } from './popup-pages.ts'
import { labelOf } from './providers.ts'
import type { SocialServices } from './setup.ts'
import { telegramAuthUrl, telegramCallbackRoute } from './telegram/callback.ts'

interface SocialPagesOptions {
  db: Kysely<Tables>
  hashToken: TokenHasher
  social: SocialServices
}

/** The provider's answer: GET query, or Apple's form_post body. Unknown fields are dropped. */
const Answer = z.object({
  state: z.string().min(1).max(512),
  code: z.string().min(1).max(4096).optional(),
  iss: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  /** Apple's JSON with the person's name, on the first authorization only. */
  user: z.string().max(2000).optional(),
})
type Answer = z.infer<typeof Answer>
const ConfirmBody = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'invalid token') })

// Apple posts its answer from its own site, which a SameSite=Lax cookie does not go along with:
// this page posts the same fields again from ours, and then it does.
const REPOST_SCRIPT = 'document.forms[0].submit()'

/**
 * The popup's pages on the services origin (prefix /v1/auth/social, no frame guard: the browser
 * navigates here). `go` sends the popup to the provider with a fresh state, nonce and PKCE
 * challenge, and gives the popup's browser its cookie; `callback` takes the provider's answer once,
 * in that browser only, exchanges the code and asks the person to confirm; `confirm` stores the
 * login on the attempt for the frame's poll and tells the person they may close the window.
 */
export const socialPagesPlugin: FastifyPluginAsync<SocialPagesOptions> = async (scope, options) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  const { db, hashToken, social } = options
  answerAsPages(app, 'Login not valid', INVALID)

  app.get(
    '/:attemptId/go',
    { schema: { params: z.object({ attemptId: z.string().regex(ATTEMPT_ID, 'invalid attempt') }) } },
    async (request, reply) => {
      const browserSecret = newToken()
      const leaving = await leaveForProvider(db, hashToken, request.params.attemptId, browserSecret)
      if (!leaving) return page(reply.code(410), 'Login expired', EXPIRED)
      const label = labelOf(leaving.provider)
      const { provider, checks } = leaving
      const url =
        provider === 'telegram'
          ? telegramAuthUrl(social.telegram, checks.state)
          : await social.relyingParty.authorizationUrl(provider, checks).catch((error) => {
              request.log.warn({ err: error }, `${provider} discovery failed`)
              return undefined
            })
      if (!url)
        return page(
          reply.code(503),
          'Login failed',
          `<p>${escapeHtml(label)} cannot be reached. You can close this window and try again later.</p>`,
        )
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('set-cookie', browserCookie(browserSecret))
        .redirect(url.href)
    },
  )

  const answered = async (answer: Answer, request: FastifyRequest, reply: FastifyReply) => {
    const browserSecret = browserSecretOf(request.headers.cookie)
    if (!browserSecret && request.method === 'POST' && request.headers['sec-fetch-site'] === 'cross-site')
      return repostPage(reply, answer)
    const attempt = await takeAnswer(db, hashToken, answer.state, browserSecret)
    if (attempt === 'otherBrowser') return page(reply.code(403), 'Login not completed', OTHER_BROWSER)
    if (!attempt) return page(reply.code(410), 'Login expired', EXPIRED)
    reply.header('set-cookie', clearedBrowserCookie())
    const label = labelOf(attempt.provider)
    const outcome = await settle(attempt, answer, label)
    if (outcome.status === 'confirm') return confirmPage(reply, outcome.token, attempt.started, label)
    return resultPage(reply, attempt, outcome)
  }

  /** A form post from the provider's site, without the cookie: the same fields, posted again from here. */
  const repostPage = (reply: FastifyReply, answer: Answer) => {
    const fields = Object.entries(answer)
      .filter(([, value]) => value !== undefined)
      .map(
        ([name, value]) =>
          `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(String(value))}">`,
      )
      .join('')
    return page(
      reply.header('referrer-policy', 'no-referrer'),
      'Logging in',
      `<form method="post" action="/v1/auth/social/callback">${fields}<button type="submit">Continue</button></form>`,
      { script: REPOST_SCRIPT },
    )
  }

  /**
   * Exchanges the answer; a login then waits for the person's click on a page that says which app,
   * device and time started it. The cookie proves the answer came back to the browser that
   * followed `go`, not that this browser's frame started the attempt: whoever started one can send
   * its `go` link to someone else, whose browser then gets the cookie. Only the person can tell
   * that apart (the same IP could not: one office, NAT or VPN is many people), so every login asks.
   */
  const settle = async (
    attempt: AnsweredAttempt,
    answer: Answer,
    label: string,
  ): Promise<Ended | { status: 'confirm'; token: string }> => {
    if (answer.error || !answer.code || attempt.provider === 'telegram')
      return endWithoutLogin(db, attempt.id, label, answer.error === 'access_denied')
    try {
      const url = new URL(social.callbackUrl)
      for (const key of ['code', 'state', 'iss'] as const) {
        const value = answer[key]
        if (value !== undefined) url.searchParams.set(key, value)
      }
      const profile = await social.relyingParty.exchange(attempt.provider, url, attempt.checks, answer.user)
      return { status: 'confirm', token: await loginToConfirm(db, hashToken, attempt, profile) }
    } catch (error) {
      app.log.warn({ err: error }, `${attempt.provider} login failed`)
      return endWithoutLogin(db, attempt.id, label, false)
    }
  }

  app.get('/callback', { schema: { querystring: Answer } }, (request, reply) =>
    answered(request.query, request, reply),
  )
  app.post('/callback', { schema: { body: Answer } }, (request, reply) =>
    answered(request.body, request, reply),
  )
  app.post('/confirm', { schema: { body: ConfirmBody } }, async (request, reply) => {
    const confirmed = await confirmAttempt(db, hashToken, request.body.token)
    if (!confirmed) return page(reply.code(410), 'Login expired', EXPIRED)
    return resultPage(reply, confirmed, { status: 'done', heading: 'Logged in', text: 'You are logged in.' })
  })
  if (social.telegram) telegramCallbackRoute(app, { db, hashToken, telegram: social.telegram })
}
