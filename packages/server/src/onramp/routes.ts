/**
 * The on-ramp under /v1, behind the project guard: what can be bought and on what
 * terms, quotes per provider, the checkout URL of a provider, and how a sandbox purchase stands.
 */
import type { FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { ChainData } from '../chain-data/config.ts'
import type { Tables } from '../db/tables.ts'
import { HttpError } from '../http/errors.ts'
import { projectOf } from '../http/project-guard.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import {
  OptionsAnswer,
  PurchaseAnswer,
  PurchasesAnswer,
  purchaseAnswer,
  QuotesAnswer,
  quoteAnswer,
  UrlAnswer,
} from './answers.ts'
import {
  feePercent,
  methodLimits,
  OnrampText,
  PAYMENT_CURRENCIES,
  PAYMENT_METHODS,
  PROVIDER_IDS,
  PROVIDERS,
} from './catalogue.ts'
import type { OnrampOptions } from './config.ts'
import { parseFiatAmount } from './money.ts'
import type { SandboxPayer } from './payer.ts'
import { chainName } from './provider-urls.ts'
import { makeQuotes, nativeOffer, offeredProviders, requireOffered } from './quotes.ts'
import { findPurchase, purchasesOf } from './repository.ts'
import { settle } from './sandbox.ts'
import { checkoutFor } from './url.ts'

const upper = (value: string) => value.toUpperCase()
const Currency = z
  .string()
  .max(10)
  .transform(upper)
  .pipe(z.enum(PAYMENT_CURRENCIES, { error: `must be one of ${PAYMENT_CURRENCIES.join(', ')}` }))
const Method = z.enum(PAYMENT_METHODS, { error: `must be one of ${PAYMENT_METHODS.join(', ')}` })
const Provider = z.enum(PROVIDER_IDS, { error: `must be one of ${PROVIDER_IDS.join(', ')}` })
/** Fiat as a decimal string or JSON number, at most 2 decimals; kept as cents. */
const Amount = z.unknown().transform((value, context) => {
  const parsed = parseFiatAmount(value)
  if ('cents' in parsed) return parsed.cents
  context.issues.push({ code: 'custom', input: value, message: parsed.problem })
  return z.NEVER
})
const TokenSymbol = z.string().min(1).max(20).transform(upper)
const Network = z.string().max(100)
const Address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected 0x and 40 hex digits')

const QuoteBody = z.object({
  provider: Provider.optional(),
  paymentCurrency: Currency,
  paymentMethod: Method.default('card'),
  purchaseCurrency: TokenSymbol,
  amount: Amount,
  network: Network.optional(),
})

const UrlBody = z.object({
  provider: Provider,
  quoteId: z.uuid({ error: 'expected a quote id' }).optional(),
  amount: Amount.optional(),
  paymentCurrency: Currency.optional(),
  paymentMethod: Method.default('card'),
  purchaseCurrency: TokenSymbol.optional(),
  address: Address,
  network: Network.optional(),
})

const PurchaseParams = z.object({ id: z.uuid({ error: 'expected a purchase id' }) })
const PurchasesQuery = z.looseObject({ address: Address })

/** The most purchases one answer lists: the Activity tab shows the latest only. */
const PURCHASES_LISTED = 20

export const onrampPlugin =
  (
    db: Kysely<Tables>,
    chain: ChainData,
    options: OnrampOptions,
    payer: SandboxPayer | undefined,
  ): FastifyPluginAsync =>
  async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>()
    const context = { db, chain, options }

    /** The one chain the on-ramp delivers on, named as CAIP-2; another is a 400 naming the field. */
    const requireNetwork = (network: string | undefined) => {
      if (network !== undefined && network !== chain.caipNetworkId)
        throw new HttpError(
          400,
          `body.network: must be ${chain.caipNetworkId}, the chain these services serve`,
        )
    }

    app.get('/onramp/options', { schema: { response: { 200: OptionsAnswer } } }, async () => {
      const offer = nativeOffer(chain)
      const { chainId } = chain.config
      return {
        paymentCurrencies: PAYMENT_CURRENCIES.map((id) => ({ id, payment_method_limits: methodLimits() })),
        purchaseCurrencies: offer
          ? [
              {
                id: offer.symbol,
                name: offer.name,
                symbol: offer.symbol,
                networks: [
                  {
                    name: chain.caipNetworkId,
                    display_name: chainName(chainId),
                    chain_id: String(chainId),
                    // The native token has no contract.
                    contract_address: '',
                  },
                ],
              },
            ]
          : [],
        providers: offeredProviders(options).map((id) => ({
          id,
          name: PROVIDERS[id].name,
          feePercent: feePercent(PROVIDERS[id].feeBps),
          namespaces: [...PROVIDERS[id].namespaces],
        })),
      }
    })

    app.post(
      '/onramp/quote',
      { schema: { body: QuoteBody, response: { 200: QuotesAnswer } } },
      async (request) => {
        const { body } = request
        requireNetwork(body.network)
        const providers = body.provider ? [requireOffered(options, body.provider)] : offeredProviders(options)
        const quotes = await makeQuotes(context, {
          projectId: projectOf(request).id,
          providers,
          paymentCurrency: body.paymentCurrency,
          paymentMethod: body.paymentMethod,
          purchaseCurrency: body.purchaseCurrency,
          amountCents: body.amount,
        })
        return { quotes: quotes.map(quoteAnswer) }
      },
    )

    app.post('/onramp/url', { schema: { body: UrlBody, response: { 200: UrlAnswer } } }, async (request) => {
      const { body } = request
      requireNetwork(body.network)
      return checkoutFor(context, { ...body, projectId: projectOf(request).id })
    })

    // The address's purchases for Activity (behaviour §3 on-ramp transactions), never cached:
    // a purchase in progress changes from one look to the next.
    app.get(
      '/onramp/purchases',
      { schema: { querystring: PurchasesQuery, response: { 200: PurchasesAnswer } } },
      async (request, reply) => {
        const purchases = await purchasesOf(
          db,
          projectOf(request).id,
          request.query.address,
          PURCHASES_LISTED,
        )
        const now = Date.now()
        reply.header('cache-control', 'no-store')
        return { purchases: purchases.map((purchase) => purchaseAnswer(purchase, now)) }
      },
    )

    app.get(
      '/onramp/purchases/:id',
      { schema: { params: PurchaseParams, response: { 200: PurchaseAnswer } } },
      async (request) => {
        const found = await findPurchase(db, request.params.id, projectOf(request).id)
        if (!found) throw new HttpError(404, OnrampText.PURCHASE_NOT_FOUND)
        // A transfer still being mined is looked at once more, so the modal sees the funds arrive.
        return purchaseAnswer(payer ? await settle(db, payer, found) : found, Date.now())
      },
    )
  }
