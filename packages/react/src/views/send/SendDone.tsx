import { type Portico, type SentTransfer, shortenAddress } from '@portico/core'
import { useEffect, useRef } from 'react'
import { DoneMark } from '../../components/DoneMark.tsx'
import { TransactionLink } from '../../components/TransactionLink.tsx'

/** The done state of a send: what went where, the transaction, and the ways on. */
export function SendDone({
  portico,
  sent,
  onSendAnother,
}: {
  portico: Portico
  sent: SentTransfer
  onSendAnother: () => void
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  // The Send button the visitor pressed is gone; the news takes its place in the focus order.
  useEffect(() => heading.current?.focus(), [])

  return (
    <div className="send-done">
      <DoneMark />
      <h3 ref={heading} tabIndex={-1}>
        Sent
      </h3>
      <p className="amount">
        {sent.amount} {sent.symbol}
      </p>
      <dl>
        <dt>To</dt>
        <dd title={sent.receiverAddress}>{shortenAddress(sent.receiverAddress)}</dd>
        <dt>Transaction</dt>
        <dd>
          <TransactionLink portico={portico} hash={sent.hash} />
        </dd>
      </dl>
      <div className="actions">
        <button
          type="button"
          className="primary"
          onClick={() => portico.router.reset('Account', { accountTab: 'activity' })}
        >
          View activity
        </button>
        <button type="button" className="secondary" onClick={onSendAnother}>
          Send another
        </button>
      </div>
    </div>
  )
}
