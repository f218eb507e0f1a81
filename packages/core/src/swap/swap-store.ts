/**
 * The swap view's state: the form, the step the visitor is on (form, a token picker, the review),
 * the latest quote, the wallet phase and the outcome. Framework-free; kept by the view while the
 * secure frame's approval covers it.
 */
import type { Hash } from 'viem'
import { SWAP_SLIPPAGE_PERCENT } from '../constants.ts'
import { createStore, type Store } from '../store.ts'
import type { SwapQuote } from './api.ts'
import type { SwapToken } from './swap.ts'

type SwapStep = 'form' | 'pick-from' | 'pick-to' | 'review'

/** A swap that was mined, for the done state. */
export interface SwapDone {
  hash: Hash
  /** `0.1 ETH` */
  paid: string
  /** `296.412 USDC`: what the receipt shows arrived, or (`exact` false) the least the quote promised. */
  received: string
  exact: boolean
}

export interface SwapState {
  from: SwapToken | undefined
  to: SwapToken | undefined
  amount: string
  slippage: number
  step: SwapStep
  /** For the amount and tokens as they stand; undefined while none is known, null when none could be had. */
  quote: SwapQuote | null | undefined
  /** The wallet is asked to approve the pay token, or to swap; mining included. */
  phase: 'idle' | 'approving' | 'swapping'
  failure: string | undefined
  done: SwapDone | undefined
}

export interface SwapStore {
  store: Store<SwapState>
  /** Picks a token for a side; picking the other side's token swaps the two. */
  pick(side: 'from' | 'to', token: SwapToken): void
  setAmount(amount: string): void
  flip(): void
  setSlippage(percent: number): void
  setStep(step: SwapStep): void
  setQuote(quote: SwapQuote | null | undefined): void
  setPhase(phase: SwapState['phase']): void
  fail(failure: string): void
  succeed(done: SwapDone): void
  startOver(): void
}

export function createSwapStore(initialFrom?: SwapToken): SwapStore {
  const store = createStore<SwapState>({
    from: initialFrom,
    to: undefined,
    amount: '',
    slippage: SWAP_SLIPPAGE_PERCENT.default,
    step: 'form',
    quote: undefined,
    phase: 'idle',
    failure: undefined,
    done: undefined,
  })
  const changed = { quote: undefined, failure: undefined } as const
  return {
    store,
    pick(side, token) {
      store.setState(({ from, to }) => {
        const other = side === 'from' ? to : from
        const swapped = other?.address === token.address
        const next =
          side === 'from'
            ? { from: token, to: swapped ? from : to }
            : { to: token, from: swapped ? to : from }
        return { ...next, step: 'form', ...changed }
      })
    },
    setAmount: (amount) => store.setState({ amount, ...changed }),
    flip: () => store.setState(({ from, to }) => ({ from: to, to: from, ...changed })),
    setSlippage: (slippage) => store.setState({ slippage, failure: undefined }),
    setStep: (step) => store.setState({ step, failure: undefined }),
    setQuote: (quote) => store.setState({ quote }),
    setPhase: (phase) => store.setState({ phase }),
    fail: (failure) => store.setState({ failure, phase: 'idle' }),
    succeed: (done) => store.setState({ done, phase: 'idle', failure: undefined }),
    startOver: () => store.setState({ amount: '', step: 'form', done: undefined, ...changed }),
  }
}
