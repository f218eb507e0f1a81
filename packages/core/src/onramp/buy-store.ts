/**
 * The buy view's state: the form (currency, payment method, token, amount), the
 * providers' quotes for it, which one is picked, and the purchase once the checkout is open.
 * Framework-free; kept by the views while the visitor pays in the provider's window.
 */
import { createStore, type Store } from '../store.ts'
import type { Money, OnrampQuote, PaymentMethod, PurchaseStatus } from './onramp.ts'
import { rankQuotes } from './onramp.ts'

/** A checkout that was opened, and where its purchase stands. */
export interface BuyProgress {
  providerName: string
  url: string
  /** Set when the services follow the purchase (the sandbox); hosted checkouts are followed by the balance. */
  purchaseId: string | undefined
  expected: Money
  /** `waiting` until the services (or the balance) say more. */
  status: PurchaseStatus | 'waiting'
  txHash: string | null
  failureReason: string | null
  /** What arrived, as the balance shows it: for checkouts the services cannot follow. */
  arrived: string | undefined
}

export interface BuyState {
  currency: string
  method: PaymentMethod
  token: string | undefined
  amount: string
  /** For the form as it stands: undefined while asked for, null when none could be had. */
  quotes: OnrampQuote[] | null | undefined
  /** The services' words when they gave no quote (e.g. the amount does not cover the fees). */
  quoteProblem: string | undefined
  provider: string | undefined
  opening: boolean
  failure: string | undefined
  progress: BuyProgress | undefined
}

export interface BuyStore {
  store: Store<BuyState>
  setCurrency(currency: string): void
  setMethod(method: PaymentMethod): void
  setToken(token: string): void
  setAmount(amount: string): void
  /** The quotes arrived: the one that buys the most is picked unless the visitor picked one still quoted. */
  setQuotes(quotes: OnrampQuote[] | null, problem?: string): void
  pickProvider(provider: string): void
  setOpening(opening: boolean): void
  fail(failure: string): void
  start(progress: BuyProgress): void
  update(progress: Partial<BuyProgress>): void
  /** Back to the form, as it was, for another purchase. */
  startOver(): void
}

const DEFAULT_AMOUNT = '100'

export function createBuyStore(): BuyStore {
  const store = createStore<BuyState>({
    currency: 'USD',
    method: 'card',
    token: undefined,
    amount: DEFAULT_AMOUNT,
    quotes: undefined,
    quoteProblem: undefined,
    provider: undefined,
    opening: false,
    failure: undefined,
    progress: undefined,
  })
  const changed = { quotes: undefined, quoteProblem: undefined, failure: undefined } as const
  return {
    store,
    setCurrency: (currency) => store.setState({ currency, ...changed }),
    setMethod: (method) => store.setState({ method, ...changed }),
    setToken: (token) => store.setState({ token, ...changed }),
    setAmount: (amount) => store.setState({ amount, ...changed }),
    setQuotes(quotes, problem) {
      store.setState(({ provider }) => {
        const ranked = quotes ? rankQuotes(quotes) : null
        const kept = ranked?.some((quote) => quote.provider === provider) ? provider : ranked?.[0]?.provider
        return { quotes: ranked, quoteProblem: problem, provider: kept }
      })
    },
    pickProvider: (provider) => store.setState({ provider, failure: undefined }),
    setOpening: (opening) => store.setState({ opening }),
    fail: (failure) => store.setState({ failure, opening: false }),
    start: (progress) => store.setState({ progress, opening: false, failure: undefined }),
    update: (progress) =>
      store.setState((state) => (state.progress ? { progress: { ...state.progress, ...progress } } : {})),
    // The old quotes expired with the checkout they were for.
    startOver: () => store.setState({ progress: undefined, ...changed }),
  }
}
