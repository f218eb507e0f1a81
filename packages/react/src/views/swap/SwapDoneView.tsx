import type { Portico } from '@portico/core'
import type { SwapDone } from '@portico/core/internal'
import { DoneActions, DoneDetails, DoneState } from '../../components/DoneState.tsx'
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
  return (
    <DoneState title="Swapped">
      <DoneDetails
        amount={done.paid}
        details={[
          { label: 'Received at least', value: done.receivedAtLeast },
          { label: 'Transaction', value: <TransactionLink portico={portico} hash={done.hash} /> },
        ]}
      />
      <DoneActions portico={portico} again="Swap again" onAgain={onAgain} />
    </DoneState>
  )
}
