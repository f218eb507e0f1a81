import { type Portico, shortenAddress } from '@portico/core'
import type { SentTransfer } from '@portico/core/internal'
import { DoneActions, DoneState } from '../../components/DoneState.tsx'
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
  return (
    <DoneState title="Sent" className="send-done">
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
      <DoneActions portico={portico} again="Send another" onAgain={onSendAnother} />
    </DoneState>
  )
}
