import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Tables } from '../db/tables.ts'
import { answerError } from '../http/errors.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import type { SandboxPayer } from './payer.ts'
import { claimPurchase, type Purchase, purchaseBySession } from './repository.ts'
import { pay, SESSION_ID, sessionHash, settle } from './sandbox.ts'
import {
  CHECKOUT_PATH,
  checkoutPage,
  crossSitePage,
  expiredPage,
  notFoundPage,
  page,
  resultPage,
  TEST_CARDS,
} from './sandbox-pages.ts'

const SessionQuery = z.object({ session: z.string().max(200) })
const CheckoutForm = z.object({
  session: z.string().max(200),
  card: z.string().max(40).default(''),
  // Asked for as a real checkout asks, and not needed: a test card pays with or without them.
  expiry: z.string().max(20).optional(),
  cvc: z.string().max(20).optional(),
})

const digitsOf = (card: string) => card.replace(/[\s-]/g, '')
const PAYS = digitsOf(TEST_CARDS.pays)
const DECLINED = digitsOf(TEST_CARDS.declined)

const SandboxText = {
  NOT_A_TEST_CARD: `This sandbox takes test cards only: use ${TEST_CARDS.pays}.`,
  DECLINED: `The card was declined (the test card ${TEST_CARDS.declined} always is).`,
} as const

/**
 * The sandbox provider's checkout (development only): a page that shows what is bought and takes
 * a test card, and its form post, which really sends the quoted amount from the operator's dev
 * account. Pages without script under a strict CSP; the post is CSRF-safe twice over: its session
 * id is unguessable and single use, and it must come from the services' own origin.
 */
export const sandboxCheckoutPlugin: FastifyPluginAsync<{
  db: Kysely<Tables>
  payer: SandboxPayer
  publicUrl: URL
}> = async (scope, { db, payer, publicUrl }) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  // A person reads these answers: a refused request gets a page, not the API's JSON.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode
    if (status !== undefined && status >= 400 && status < 500)
      return page(reply.code(status), 'Checkout not valid', '<p>Open the checkout again from the app.</p>')
    return answerError(error, request, reply)
  })
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4_096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )

  /** The session's purchase; a malformed or forged id finds none. */
  const find = async (session: string) =>
    SESSION_ID.test(session) ? purchaseBySession(db, sessionHash(session)) : undefined
  const isExpired = (purchase: Purchase) => purchase.expiresAt.getTime() <= Date.now()

  /** The open checkout's form, or where the purchase stands (settled first): what a replay sees too. */
  async function show(reply: FastifyReply, found: Purchase, session: string, problem?: string) {
    const purchase = await settle(db, payer, found)
    if (purchase.status !== 'created') return resultPage(reply, { ...purchase, status: purchase.status })
    return isExpired(purchase) ? expiredPage(reply) : checkoutPage(reply, purchase, session, problem)
  }

  app.get(CHECKOUT_PATH, { schema: { querystring: SessionQuery } }, async (request, reply) => {
    const { session } = request.query
    const purchase = await find(session)
    return purchase ? show(reply, purchase, session) : notFoundPage(reply)
  })

  app.post(
    CHECKOUT_PATH,
    {
      preValidation: (request, reply) => sameOrigin(request, reply, publicUrl),
      schema: { body: CheckoutForm },
    },
    async (request, reply) => {
      const { session, card } = request.body
      const purchase = await find(session)
      if (!purchase) return notFoundPage(reply)
      if (purchase.status !== 'created' || isExpired(purchase)) return show(reply, purchase, session)
      const digits = digitsOf(card)
      if (digits !== PAYS && digits !== DECLINED)
        return show(reply.code(400), purchase, session, SandboxText.NOT_A_TEST_CARD)
      const next =
        digits === PAYS
          ? ({ status: 'pending' } as const)
          : ({ status: 'failed', reason: SandboxText.DECLINED } as const)
      const claimed = await claimPurchase(db, sessionHash(session), new Date(), next)
      // Another post took it, or it expired in between: show where it stands, pay nothing.
      if (!claimed) return show(reply, (await find(session)) ?? purchase, session)
      return show(reply, claimed.status === 'pending' ? await pay(db, payer, claimed) : claimed, session)
    },
  )
}

/**
 * The form must come from the services' own pages: the Origin browsers send with a post, or for
 * the few that omit it, the Referer's origin (the pages' referrer policy keeps it on same-origin posts).
 */
async function sameOrigin(request: FastifyRequest, reply: FastifyReply, publicUrl: URL) {
  const origin = request.headers.origin ?? refererOrigin(request.headers.referer)
  if (origin !== publicUrl.origin) return crossSitePage(reply)
}

export function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined
  try {
    return new URL(referer).origin
  } catch {
    return undefined
  }
}
