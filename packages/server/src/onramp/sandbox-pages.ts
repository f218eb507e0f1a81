import { createHash } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import { formatCents, formatUnitsDown } from './money.ts'
import { networkName } from './provider-urls.ts'
import { QUOTE_TTL_MS } from './quotes.ts'
import type { Purchase } from './repository.ts'

export const CHECKOUT_PATH = '/onramp/sandbox/checkout'

/** The test cards the sandbox knows, as written on the page; any other number is refused. */
export const TEST_CARDS = { pays: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const

// The modal's dark theme (as the embedded wallet's pages): card, text colours, an accent that
// white text reads on at 4.5:1, fields with visible focus; the card fits a 320px screen.
const STYLE = `
:root { color-scheme: dark; }
* { box-sizing: border-box; }
body { margin: 0; padding: max(16px, 8vh) 16px 16px; background: #0b0b0b; color: #e4e7e7;
  font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { display: flex; flex-direction: column; gap: 16px; max-width: 28rem; margin: 0 auto; padding: 24px 20px 20px;
  background: #191a1a; border: 1px solid rgba(255,255,255,0.1); border-radius: 16px; }
h1 { margin: 0; font-size: 20px; font-weight: 600; text-align: center; }
p, form { margin: 0; }
.muted, dt { color: #9a9e9e; }
.error { color: #ff8a80; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 0; padding: 12px 16px;
  background: #252627; border-radius: 16px; }
dd { margin: 0; overflow-wrap: anywhere; }
code { font: 13px/1.45 ui-monospace, monospace; overflow-wrap: anywhere; }
form { display: flex; flex-direction: column; gap: 8px; }
.row { display: flex; gap: 12px; } .row > div { flex: 1; display: flex; flex-direction: column; gap: 8px; }
label { font-weight: 600; }
input { width: 100%; min-height: 44px; padding: 10px 12px; border: 1px solid #4a4d4d; border-radius: 12px;
  background: #0b0b0b; color: inherit; font: inherit; }
input:focus-visible, button:focus-visible { outline: 2px solid #66b1ff; outline-offset: 2px; }
button { width: 100%; min-height: 44px; margin-top: 8px; padding: 10px 16px; border: none; border-radius: 16px;
  background: #1d64d8; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
@media (max-width: 400px) { dl { grid-template-columns: 1fr; gap: 0; } dd + dt { margin-top: 8px; } }
`
/** No script at all, and the one style element allowed by its hash; the form posts only here. */
export const SANDBOX_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

export function page(reply: FastifyReply, heading: string, body: string) {
  return (
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', SANDBOX_CSP)
      .header('x-content-type-options', 'nosniff')
      // The session id is in the page's URL: no other site may see it. Not no-referrer, under
      // which a form post carries `Origin: null` and the Origin check must refuse it.
      .header('referrer-policy', 'same-origin')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)} · Portico sandbox</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(heading)}</h1>${body}</main></body></html>`,
      )
  )
}

const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
const bought = (purchase: Purchase) =>
  `${formatUnitsDown(purchase.purchaseUnits, purchase.purchaseDecimals)} ${purchase.purchaseCurrency}`
const paid = (purchase: Purchase, cents = purchase.paymentTotalCents) =>
  `${formatCents(cents)} ${purchase.paymentCurrency}`

/** What is bought, for how much, and where it goes; then the card form. */
export function checkoutPage(reply: FastifyReply, purchase: Purchase, session: string, problem?: string) {
  const details: Array<[string, string]> = [
    ['You pay', `${paid(purchase)} by ${purchase.paymentMethod}`],
    ['Provider fee', paid(purchase, purchase.providerFeeCents)],
    ['Network fee', paid(purchase, purchase.networkFeeCents)],
    ['You get', bought(purchase)],
    ['Network', networkName(purchase.network)],
    ['To', shortAddress(purchase.address)],
  ]
  const list = details.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
  const alert = problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ''
  return page(
    reply,
    'Buy with a test card',
    `<dl>${list.join('')}</dl><p class="muted">Full address: <code>${escapeHtml(purchase.address)}</code></p><p>This is a sandbox: no card is charged. Pay with the test card <strong>${TEST_CARDS.pays}</strong> (expiry and CVC optional); <strong>${TEST_CARDS.declined}</strong> is declined. Any other number is refused. The services then really send the ${escapeHtml(purchase.purchaseCurrency)} on the chain.</p>${alert}<form method="post" action="${CHECKOUT_PATH}"><input type="hidden" name="session" value="${escapeHtml(session)}"><label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" maxlength="23" required${problem ? ' aria-invalid="true"' : ''}><div class="row"><div><label for="expiry">Expiry (optional)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"></div><div><label for="cvc">CVC (optional)</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4"></div></div><button type="submit">Pay ${escapeHtml(paid(purchase))}</button></form>`,
  )
}

/** How the purchase ended, or where it stands: the same page for every replay of the form. */
export function resultPage(
  reply: FastifyReply,
  purchase: Purchase & { status: 'pending' | 'paid' | 'failed' },
) {
  const what = escapeHtml(bought(purchase))
  const to = `<code>${escapeHtml(purchase.address)}</code>`
  const tx = purchase.txHash
    ? `<p class="muted">Transaction <code>${escapeHtml(purchase.txHash)}</code></p>`
    : ''
  if (purchase.status === 'paid')
    return page(
      reply,
      'Payment complete',
      `<p role="status">Payment complete — ${what} is on its way to ${to}. You can close this window.</p>${tx}`,
    )
  if (purchase.status === 'pending')
    return page(
      reply,
      'Payment in progress',
      `<p role="status">Payment in progress — ${what} is being sent to ${to}. You can close this window: the app shows when it arrives.</p>${tx}`,
    )
  return page(
    reply,
    'Payment failed',
    `<p role="alert">${escapeHtml(purchase.failureReason ?? 'The payment failed.')}</p><p>Nothing was sent. Start a new purchase in the app.</p>`,
  )
}

export function expiredPage(reply: FastifyReply) {
  return page(
    reply.code(410),
    'Checkout expired',
    `<p>This checkout has expired: its quote held for ${QUOTE_TTL_MS / 60_000} minutes. Nothing was paid. Start a new purchase in the app for a fresh quote.</p>`,
  )
}

export function notFoundPage(reply: FastifyReply) {
  return page(
    reply.code(404),
    'Checkout not found',
    '<p>This checkout does not exist. Open it again from the app, or start a new purchase there.</p>',
  )
}

export function crossSitePage(reply: FastifyReply) {
  return page(reply.code(403), 'Not sent', '<p>This form can only be sent from the checkout page itself.</p>')
}
