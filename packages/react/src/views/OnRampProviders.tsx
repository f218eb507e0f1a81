import {
  buyAmountProblem,
  createBuyStore,
  formatCents,
  formatQuotedAmount,
  METHOD_WORDS,
  type OnrampLimits,
  type OnrampQuote,
  openCheckout,
  type PaymentMethod,
} from '@portico/core/internal'
import { useEffect, useId } from 'react'
import { Choices } from '../components/Choices.tsx'
import { useStore } from '../hooks.ts'
import { useAccountData } from './account/use-account-data.ts'
import { useKept } from './kept.ts'
import './onramp/onramp-css.ts'
import { useBuyOffer } from './onramp/use-buy-offer.ts'
import { useBuyQuotes } from './onramp/use-buy-quotes.ts'
import type { ViewProps } from './types.ts'

/** The checkout window's size: a provider's checkout is made for a phone-sized page. */
const CHECKOUT_FEATURES = 'popup,width=480,height=760'

/**
 * Buy crypto with fiat: the amount in USD or EUR within the payment method's limits
 * (behaviour §9), the token, every provider's quote for it after a pause, then the chosen
 * provider's checkout in a window of its own while BuyInProgress follows the purchase.
 */
export default function OnRampProviders({ portico }: ViewProps) {
  const accountData = useAccountData(portico)
  const { address } = useStore(portico.account)
  const buy = useKept(portico, 'OnRampProviders', createBuyStore)
  const state = useStore(buy.store)
  const offer = useBuyOffer(accountData.services)
  const ids = { amount: useId(), status: useId() }

  const ready = offer.kind === 'ready' ? offer.offer : undefined
  const currencies = ready?.paymentCurrencies ?? []
  const limits: OnrampLimits | undefined = currencies
    .find((currency) => currency.id === state.currency)
    ?.limits.find((limit) => limit.method === state.method)
  const tokens = ready?.purchaseCurrencies ?? []

  useEffect(() => {
    const first = ready?.purchaseCurrencies[0]
    if (first && !buy.store.getState().token) buy.setToken(first.symbol)
  }, [ready, buy])
  useBuyQuotes({ buy, state, services: accountData.services, limits })

  if (offer.kind === 'failed')
    return (
      <p role="alert" className="error">
        {offer.reason}
      </p>
    )
  if (!ready) return <p className="muted center">Loading what you can buy…</p>
  if (!address) return null

  const { amount, currency, method, token, quotes, provider, opening, failure } = state
  const problem = buyAmountProblem(amount, currency, limits)
  const chosen = quotes?.find((quote) => quote.provider === provider)
  const nameOf = (id: string) => ready.providers.find((known) => known.id === id)?.name ?? id
  const quoting = !problem && amount.trim() !== '' && quotes === undefined
  const status =
    failure ??
    problem ??
    state.quoteProblem ??
    (quoting ? 'Getting quotes…' : quotes === null ? 'No quote for this amount right now' : '')

  const submit = () => {
    if (!chosen || opening) return
    // Opened inside the click, so no popup blocker refuses it; it is pointed at the checkout once
    // the services have made it. Without a window the next view offers a link instead.
    const checkoutWindow = window.open('about:blank', 'portico-checkout', CHECKOUT_FEATURES)
    void openCheckout({
      buy,
      services: accountData.services,
      quote: chosen,
      providerName: nameOf(chosen.provider),
      address,
      checkoutWindow,
    }).then((opened) => opened && portico.router.push('BuyInProgress'))
  }

  return (
    <form
      className="stack buy-form"
      noValidate
      aria-busy={opening}
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <label htmlFor={ids.amount} className="muted">
        You pay
      </label>
      <div className="pay">
        <input
          id={ids.amount}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={amount}
          aria-invalid={Boolean(problem)}
          aria-describedby={ids.status}
          onChange={(event) => buy.setAmount(event.target.value)}
        />
        {currencies.length > 1 ? (
          <Choices
            name="currency"
            label="Currency"
            options={currencies.map((option) => ({ value: option.id, label: option.id }))}
            value={currency}
            onChange={(value) => buy.setCurrency(value)}
          />
        ) : (
          <span className="currency">{currency}</span>
        )}
      </div>
      <Choices
        name="method"
        legend="Pay by"
        options={(currencies.find((option) => option.id === currency)?.limits ?? []).map((limit) => ({
          value: limit.method as PaymentMethod,
          label: (
            <>
              {capitalised(METHOD_WORDS[limit.method])}{' '}
              <span className="muted">
                {formatCents(limit.min)}–{formatCents(limit.max)} {currency}
              </span>
            </>
          ),
        }))}
        value={method}
        onChange={(value) => buy.setMethod(value)}
      />
      {/* One token needs no choosing: it is said, not offered in a list of one. */}
      {tokens.length > 1 ? (
        <Choices
          name="token"
          legend="You get"
          options={tokens.map((option) => ({ value: option.symbol, label: option.symbol }))}
          value={token}
          onChange={(value) => buy.setToken(value)}
        />
      ) : (
        <p className="muted">
          You get{' '}
          <strong className="token-to-buy">
            {tokens[0] ? `${tokens[0].name} (${tokens[0].symbol})` : token}
          </strong>
        </p>
      )}
      {quotes && quotes.length > 0 && (
        <fieldset className="choices">
          <legend>Provider</legend>
          {quotes.map((quote, index) => (
            <QuoteChoice
              key={quote.provider}
              quote={quote}
              name={nameOf(quote.provider)}
              best={index === 0 && quotes.length > 1}
              checked={quote.provider === provider}
              onPick={() => buy.pickProvider(quote.provider)}
            />
          ))}
        </fieldset>
      )}
      <p
        id={ids.status}
        className={failure || problem ? 'error' : 'muted'}
        role={failure || problem ? 'alert' : undefined}
      >
        {status}
      </p>
      <button type="submit" className="primary" disabled={!chosen || opening} aria-busy={opening}>
        {opening && <span className="spinner small" aria-hidden="true" />}
        {chosen ? `Buy with ${nameOf(chosen.provider)}` : 'Buy'}
      </button>
    </form>
  )
}

function QuoteChoice({
  quote,
  name,
  best,
  checked,
  onPick,
}: {
  quote: OnrampQuote
  name: string
  best: boolean
  checked: boolean
  onPick: () => void
}) {
  const { purchaseAmount, providerFee, networkFee } = quote
  return (
    <label className="card-choice">
      <input type="radio" name="provider" checked={checked} onChange={onPick} />
      <span className="quote">
        <span>
          {name}
          {best && <span className="best"> · Best price</span>}
        </span>
        <span className="terms">
          <span>
            {formatQuotedAmount(purchaseAmount.amount)} {purchaseAmount.currency}
          </span>
          <span className="muted">
            Fees {providerFee.amount} + {networkFee.amount} {providerFee.currency}
          </span>
        </span>
      </span>
    </label>
  )
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`
