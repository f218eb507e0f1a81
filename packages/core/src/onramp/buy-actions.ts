/**
 * Opening a provider's checkout and following the purchase. The checkout window is
 * opened by the view inside the click (so no popup blocker stops it) and pointed at the checkout
 * once the services have made it; the purchase is then asked after until it ends.
 */
import type { ServicesClient } from '../account/http-client.ts'
import { createOnrampCheckout, getOnrampPurchase } from './api.ts'
import type { BuyStore } from './buy-store.ts'
import { type OnrampQuote, purchaseEnded } from './onramp.ts'

/** How often an open purchase is asked after: the sandbox pays within a block or two. */
const PURCHASE_POLL_MS = 1_500

/** The part of a window the checkout needs: where it goes, and closing it when nothing opened. */
export interface CheckoutWindow {
  location: { href: string }
  close(): void
}

const CHECKOUT_FAILED = 'The checkout could not be opened. Try again in a moment.'

export async function openCheckout({
  buy,
  services,
  quote,
  providerName,
  address,
  checkoutWindow,
}: {
  buy: BuyStore
  services: ServicesClient
  quote: OnrampQuote
  providerName: string
  address: string
  /** Opened by the click, blank; null when the browser refused it (the view then shows a link). */
  checkoutWindow: CheckoutWindow | null
}): Promise<boolean> {
  buy.setOpening(true)
  try {
    const checkout = await createOnrampCheckout(services, {
      provider: quote.provider,
      quoteId: quote.quoteId,
      address,
    })
    // Only a web page may be opened: the services make these links, but a window is no place to trust.
    const url = new URL(checkout.url)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('Not a web page')
    if (checkoutWindow) checkoutWindow.location.href = url.href
    buy.start({
      providerName,
      url: url.href,
      purchaseId: checkout.purchaseId,
      expected: quote.purchaseAmount,
      status: 'waiting',
      txHash: null,
      failureReason: null,
      arrived: undefined,
    })
    return true
  } catch (error) {
    checkoutWindow?.close()
    const reason = (error as { reason?: unknown }).reason
    buy.fail(typeof reason === 'string' ? reason : CHECKOUT_FAILED)
    return false
  }
}

/** Asks after the purchase every PURCHASE_POLL_MS until it ends or `signal` aborts; a failed ask is asked again. */
export async function followPurchase({
  buy,
  services,
  purchaseId,
  signal,
  onPaid,
}: {
  buy: BuyStore
  services: ServicesClient
  purchaseId: string
  signal: AbortSignal
  onPaid: () => Promise<void>
}): Promise<void> {
  while (!signal.aborted) {
    const purchase = await getOnrampPurchase(services, purchaseId, signal).catch(() => undefined)
    if (signal.aborted) return
    if (purchase) {
      buy.update({
        status: purchase.status,
        txHash: purchase.txHash,
        failureReason: purchase.failureReason,
      })
      if (purchase.status === 'paid') await onPaid()
      if (purchaseEnded(purchase.status)) return
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, PURCHASE_POLL_MS)
      signal.addEventListener('abort', () => {
        clearTimeout(timer)
        resolve()
      })
    })
  }
}
