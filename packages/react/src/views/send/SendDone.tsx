import { type Portico, shortenAddress } from '@portico/core'
import type { SentTransfer } from '@portico/core/internal'
import { DoneActions, DoneDetails, DoneState } from '../../components/DoneState.tsx'
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
    <DoneState title="Sent">
      <DoneDetails
        amount={`${sent.amount} ${sent.symbol}`}
        details={[
          { label: 'To', value: shortenAddress(sent.receiverAddress), title: sent.receiverAddress },
          { label: 'Transaction', value: <TransactionLink portico={portico} hash={sent.hash} /> },
        ]}
      />
      <DoneActions portico={portico} again="Send another" onAgain={onSendAnother} />
    </DoneState>
  )
}
