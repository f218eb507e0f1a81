import type { Portico, SwapDone } from '@portico/core'
import { useEffect, useRef } from 'react'
import { DoneMark } from '../../components/DoneMark.tsx'
import { TransactionLink } from '../../components/TransactionLink.tsx'

/** The done state of a swap: what was paid, the least that arrives, the transaction, the ways on. */
export function SwapDoneView({
  portico,
  done,
  onAgain,
}: {
  portico: Portico
  done: SwapDone
  onAgain: () => void
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  // The button the visitor pressed is gone; the news takes its place in the focus order.
  useEffect(() => heading.current?.focus(), [])
  return (
    <div className="swap-done">
      <DoneMark />
      <h3 ref={heading} tabIndex={-1}>
        Swapped
      </h3>
      <p>
        You paid {done.paid} and receive at least {done.receivedAtLeast}.
      </p>
      <p className="muted">
        Transaction <TransactionLink portico={portico} hash={done.hash} />
      </p>
      <div className="actions">
        <button
          type="button"
          className="primary"
          onClick={() => portico.router.reset('Account', { accountTab: 'activity' })}
        >
          View activity
        </button>
        <button type="button" className="secondary" onClick={onAgain}>
          Swap again
        </button>
      </div>
    </div>
  )
}
