import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Database } from '../db/database.ts'
import { HttpError } from '../http/errors.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import { dashboardApi } from './api.ts'
import { browserCookie, browserId, clearedSessionCookie, sessionCookie, sessionToken } from './cookie.ts'
import { dashboardPage, loginPage } from './pages.ts'
import { createSession, endSession, isLiveSession } from './sessions.ts'
import type { DashboardServices } from './setup.ts'
import { claimLoginAttempt, clearLoginFailures, type LoginClient, recordLoginFailure } from './throttle.ts'

export const DashboardText = {
  WRONG_PASSWORD: 'That password is not right.',
  CROSS_SITE: 'This form can only be sent from the dashboard itself.',
  NOT_LOGGED_IN: 'Log in to the dashboard first.',
  tooManyAttempts: (seconds: number) =>
    `Too many wrong passwords from this browser. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
} as const

const LoginBody = z.object({ password: z.string().max(1_000, 'at most 1000 characters') })

/**
 * The operator dashboard under `/dashboard`: a login form, the page and its built
 * script and stylesheet, and the JSON it reads (api.ts). Registered only when the operator gave a
 * password, so without one every path here is a plain 404.
 */
export const dashboardPlugin: FastifyPluginAsync<{
  database: Database
  dashboard: DashboardServices
}> = async (scope, { database, dashboard }) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  const { db } = database
  const secure = dashboard.publicUrl.protocol === 'https:'
  const token = (request: FastifyRequest) => sessionToken(request.headers.cookie)
  const loggedIn = (request: FastifyRequest) => isLiveSession(db, dashboard.hashSession, token(request))

  // SameSite=Strict keeps the cookie off other sites' requests; the Origin check also refuses a
  // cross-site login (login CSRF) and any browser that sends the cookie anyway.
  const sameOrigin = async (request: FastifyRequest) => {
    if (request.headers.origin !== dashboard.publicUrl.origin)
      throw new HttpError(403, DashboardText.CROSS_SITE)
  }

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4_096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )

  // The login form gives the browser its id, so its failures are its own (throttle.ts).
  const withBrowserId = (request: FastifyRequest, reply: FastifyReply) =>
    browserId(request.headers.cookie) ? reply : reply.header('set-cookie', browserCookie({ secure }))

  app.get('/dashboard', async (request, reply) =>
    (await loggedIn(request)) ? dashboardPage(reply) : loginPage(withBrowserId(request, reply)),
  )

  app.post(
    '/dashboard/login',
    { preValidation: sameOrigin, schema: { body: LoginBody } },
    async (request, reply) => {
      const client: LoginClient = { ip: request.ip, browser: browserId(request.headers.cookie) ?? '' }
      const slot = await claimLoginAttempt(db, client, dashboard.loginSlowdown)
      if (!slot.allowed) {
        reply.code(429).header('retry-after', String(slot.retryAfterSeconds))
        return loginPage(reply, DashboardText.tooManyAttempts(slot.retryAfterSeconds))
      }
      if (!dashboard.passwordMatches(request.body.password)) {
        await recordLoginFailure(db, client, dashboard.loginSlowdown)
        return loginPage(reply.code(401), DashboardText.WRONG_PASSWORD)
      }
      await clearLoginFailures(db, client)
      const session = await createSession(db, dashboard.hashSession)
      return seeOther(reply.header('set-cookie', sessionCookie(session, { secure })))
    },
  )

  app.post('/dashboard/logout', { preValidation: sameOrigin }, async (request, reply) => {
    await endSession(db, dashboard.hashSession, token(request))
    return seeOther(reply.header('set-cookie', clearedSessionCookie({ secure })))
  })

  const { assets } = dashboard
  if (assets) {
    app.get('/dashboard/assets/dashboard.js', async (_request, reply) =>
      asset(reply, 'text/javascript; charset=utf-8').send(assets.script),
    )
    app.get('/dashboard/assets/dashboard.css', async (_request, reply) =>
      asset(reply, 'text/css; charset=utf-8').send(assets.style),
    )
  }

  await app.register(dashboardApi, {
    db,
    requireSession: async (request) => {
      if (!(await loggedIn(request))) throw new HttpError(401, DashboardText.NOT_LOGGED_IN)
    },
  })
}

/** After a form post, back to the page with a GET, so a reload does not post the password again. */
const seeOther = (reply: FastifyReply) => reply.code(303).header('location', '/dashboard').send()

const asset = (reply: FastifyReply, type: string) =>
  reply
    .header('content-type', type)
    .header('cache-control', 'no-cache')
    .header('x-content-type-options', 'nosniff')
