import fc from 'fast-check'
import type { Route } from '../fuzz.ts'
import { send } from '../request.ts'
import { type FuzzTarget, SERVICES } from '../target.ts'
import { CORS_GUARD, fromPage, hex, OPEN } from './common.ts'

const CHECKOUT = '/onramp/sandbox/checkout'
const PROVIDERS = ['coinbase', 'meld', 'sandbox'] as const

/** Amounts inside and just outside the limits, as strings and as JSON numbers. */
const amount = fc.oneof(
  fc.constantFrom('10.00', '100', '9.99', '7500.00', '7500.01', '25000', '25000.01', '0.50'),
  fc.integer({ min: 10, max: 30_000 }),
  fc.integer({ min: 1_000, max: 3_000_000 }).map((cents) => (cents / 100).toFixed(2)),
)
const address = hex(40).map((digits) => `0x${digits}`)
const terms = (target: FuzzTarget) =>
  fc.record(
    {
      paymentCurrency: fc.constantFrom('USD', 'EUR', 'usd'),
      paymentMethod: fc.constantFrom('card', 'bank'),
      purchaseCurrency: fc.constantFrom('ETH', 'eth'),
      amount,
      network: fc.constant(`eip155:${target.chainId}`),
    },
    { requiredKeys: ['paymentCurrency', 'purchaseCurrency', 'amount'] },
  )

/** A fresh sandbox checkout, made through the routes as the modal makes it: its session and purchase. */
async function sandboxCheckout(target: FuzzTarget): Promise<{ session: string; purchaseId: string }> {
  const linked = await send(
    target,
    fromPage(target, 'POST', '/v1/onramp/url', {
      body: {
        json: {
          provider: 'sandbox',
          amount: '20.00',
          paymentCurrency: 'USD',
          purchaseCurrency: 'ETH',
          address: `0x${'5'.repeat(40)}`,
        },
      },
    }),
  )
  const { url, purchaseId } = JSON.parse(linked.body) as { url: string; purchaseId: string }
  return { session: new URL(url).searchParams.get('session') ?? '', purchaseId }
}

/** A quote id of `provider`, fresh. */
async function quoteId(target: FuzzTarget, provider: string): Promise<string> {
  const quoted = await send(
    target,
    fromPage(target, 'POST', '/v1/onramp/quote', {
      body: { json: { provider, paymentCurrency: 'EUR', purchaseCurrency: 'ETH', amount: '42.00' } },
    }),
  )
  return (JSON.parse(quoted.body) as { quotes: Array<{ quoteId: string }> }).quotes[0]?.quoteId ?? ''
}

const forgedSession = hex(43)
const page = (method: string, query: Array<[string, string]> = []) => ({
  method,
  path: CHECKOUT,
  params: {},
  query,
  headers: { origin: SERVICES.origin },
})

export const onrampRoutes: Route[] = [
  {
    name: 'GET /v1/onramp/options',
    guard: CORS_GUARD,
    valid: (target) => fc.constant(fromPage(target, 'GET', '/v1/onramp/options')),
  },
  {
    name: 'POST /v1/onramp/quote',
    guard: CORS_GUARD,
    valid: (target) =>
      fc
        .record({
          terms: terms(target),
          provider: fc.option(fc.constantFrom(...PROVIDERS), { nil: undefined }),
        })
        .map(({ terms, provider }) =>
          fromPage(target, 'POST', '/v1/onramp/quote', { body: { json: { ...terms, provider } } }),
        ),
  },
  {
    name: 'POST /v1/onramp/url',
    guard: CORS_GUARD,
    valid: (target) =>
      fc
        .record({
          provider: fc.constantFrom(...PROVIDERS),
          address,
          terms: terms(target),
          quoted: fc.boolean(),
        })
        .map(({ provider, address, terms, quoted }) => async () => {
          const body = quoted
            ? { provider, address, quoteId: await quoteId(target, provider) }
            : { provider, address, ...terms }
          return fromPage(target, 'POST', '/v1/onramp/url', { body: { json: body } })
        }),
  },
  {
    name: 'GET /v1/onramp/purchases',
    guard: CORS_GUARD,
    valid: (target) =>
      fc
        .oneof(fc.constant(`0x${'5'.repeat(40)}`), address)
        .map((of) => fromPage(target, 'GET', '/v1/onramp/purchases', { query: [['address', of]] })),
  },
  {
    name: 'GET /v1/onramp/purchases/:id',
    guard: CORS_GUARD,
    valid: (target) =>
      fc
        .oneof(
          fc.constant(async () => (await sandboxCheckout(target)).purchaseId),
          fc.uuid().map((id) => async () => id),
        )
        .map(
          (id) => async () =>
            fromPage(target, 'GET', '/v1/onramp/purchases/:id', { params: { id: await id() } }),
        ),
  },
  {
    name: `GET ${CHECKOUT}`,
    guard: OPEN,
    valid: (target) =>
      fc
        .oneof(
          fc.constant(async () => (await sandboxCheckout(target)).session),
          forgedSession.map((session) => async () => session),
        )
        .map((session) => async () => page('GET', [['session', await session()]])),
  },
  {
    name: `POST ${CHECKOUT}`,
    // The form's own origin is what lets it in: a mutation swaps it for a stranger's.
    guard: { callers: ['origin'] },
    valid: (target) =>
      fc
        .record({
          card: fc.oneof(
            fc.constantFrom('4242 4242 4242 4242', '4242424242424242', '4000 0000 0000 0002'),
            fc.string({ unit: fc.constantFrom(...'0123456789 -'), maxLength: 23 }),
          ),
          forged: fc.boolean(),
          session: forgedSession,
        })
        .map(({ card, forged, session }) => async () => ({
          ...page('POST'),
          body: {
            form: [
              ['session', forged ? session : (await sandboxCheckout(target)).session],
              ['card', card],
              ['expiry', '12/34'],
              ['cvc', '123'],
            ] as Array<[string, string]>,
          },
        })),
  },
]
