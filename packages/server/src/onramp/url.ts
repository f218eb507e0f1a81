import { randomUUID } from 'node:crypto'
import { HttpError } from '../http/errors.ts'
import { OnrampText, type PaymentCurrency, type PaymentMethod, type ProviderId } from './catalogue.ts'
import { formatCents, formatUnitsDown } from './money.ts'
import { type CheckoutInput, coinbaseCheckoutUrl, meldCheckoutUrl } from './provider-urls.ts'
import { makeQuotes, type OnrampContext } from './quotes.ts'
import { createPurchase, findQuote, type Quote } from './repository.ts'
import { checkoutUrl, newSession } from './sandbox.ts'

/** Token amounts a hosted checkout is preset with: as an exchange shows them, rounded down. */
const PRESET_DECIMALS = 8

export interface CheckoutRequest {
  projectId: string
  provider: ProviderId
  quoteId?: string | undefined
  amount?: bigint | undefined
  paymentCurrency?: PaymentCurrency | undefined
  paymentMethod: PaymentMethod
  purchaseCurrency?: string | undefined
  address: string
}

type Checkout = (quote: Quote, address: string) => Promise<{ url: string; purchaseId?: string }>

/**
 * Where the buyer pays: the provider's hosted checkout preset with the quote, or for the sandbox a
 * single-use checkout on the services, recorded as a purchase the modal can follow.
 */
export async function checkoutFor(context: OnrampContext, request: CheckoutRequest) {
  const checkout = checkoutOf(context, request.provider)
  return checkout(await quoteFor(context, request), request.address)
}

/** The provider's checkout, or a 400 when the operator did not configure it. */
function checkoutOf(context: OnrampContext, provider: ProviderId): Checkout {
  const { options, chain } = context
  const hosted =
    (build: (input: CheckoutInput) => string): Checkout =>
    async (quote, address) => ({
      url: build({
        address,
        chainId: chain.config.chainId,
        asset: quote.purchaseCurrency,
        fiatAmount: formatCents(quote.paymentTotalCents),
        fiatCurrency: quote.paymentCurrency,
        cryptoAmount: formatUnitsDown(quote.purchaseUnits, quote.purchaseDecimals, PRESET_DECIMALS),
      }),
    })
  const { coinbase, meld, sandbox } = options
  if (provider === 'coinbase' && coinbase)
    return hosted((input) => coinbaseCheckoutUrl(coinbase.appId, input))
  if (provider === 'meld' && meld) return hosted((input) => meldCheckoutUrl(meld.publicKey, input))
  if (provider === 'sandbox' && sandbox)
    return async (quote, address) => {
      const session = newSession()
      const purchaseId = randomUUID()
      await createPurchase(context.db, {
        ...quote,
        id: purchaseId,
        quoteId: quote.id,
        address,
        sessionHash: session.hash,
      })
      return { url: checkoutUrl(sandbox.publicUrl, session.id), purchaseId }
    }
  throw new HttpError(400, OnrampText.PROVIDER_NOT_CONFIGURED, 'PROVIDER_NOT_CONFIGURED')
}

/** The quote named, still valid and for this provider; or a fresh one for the amount given. */
async function quoteFor(context: OnrampContext, request: CheckoutRequest): Promise<Quote> {
  if (request.quoteId) {
    const quote = await findQuote(context.db, request.quoteId, request.projectId)
    if (!quote) throw new HttpError(404, OnrampText.QUOTE_NOT_FOUND)
    if (quote.provider !== request.provider)
      throw new HttpError(400, `body.quoteId: this quote is for ${quote.provider}, not ${request.provider}`)
    if (quote.expiresAt.getTime() <= Date.now())
      throw new HttpError(410, OnrampText.QUOTE_EXPIRED, 'QUOTE_EXPIRED')
    return quote
  }
  const { amount, paymentCurrency, purchaseCurrency } = request
  if (amount === undefined) throw new HttpError(400, 'body.amount: required without a quoteId')
  if (!paymentCurrency) throw new HttpError(400, 'body.paymentCurrency: required without a quoteId')
  if (!purchaseCurrency) throw new HttpError(400, 'body.purchaseCurrency: required without a quoteId')
  const [quote] = await makeQuotes(context, {
    projectId: request.projectId,
    providers: [request.provider],
    paymentCurrency,
    paymentMethod: request.paymentMethod,
    purchaseCurrency,
    amountCents: amount,
  })
  if (!quote) throw new Error('makeQuotes made no quote for the one provider asked')
  return quote
}
