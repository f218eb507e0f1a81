import type { Portico } from '@portico/core'
import type { SwapDone } from '@portico/core/internal'
import { DoneActions, DoneDetails, DoneState } from '../../components/DoneState.tsx'
import { TransactionLink } from '../../components/TransactionLink.tsx'

/** The done state of a swap: what was paid, what arrived, the transaction, the ways on. */
export function SwapDoneView({
  portico,
  done,
  onAgain,
}: {
  portico: Portico
  done: SwapDone
  onAgain: () => void
}) {
  return (
    <DoneState title="Swapped">
      <DoneDetails
        amount={done.paid}
        details={[
          { label: done.exact ? 'Received' : 'Received at least', value: done.received },
          { label: 'Transaction', value: <TransactionLink portico={portico} hash={done.hash} /> },
        ]}
      />
      <DoneActions portico={portico} again="Swap again" onAgain={onAgain} />
    </DoneState>
  )
}
