import { shortenAddress } from '@portico/core'
import { type PayRequest, SendText } from '@portico/core/internal'
import { DoneDetails, DoneState } from '../components/DoneState.tsx'
import { TransactionLink } from '../components/TransactionLink.tsx'
import { useStore } from '../hooks.ts'
import { PayForm } from './pay/PayForm.tsx'
import { PaySummary } from './pay/PaySummary.tsx'
import type { ViewProps } from './types.ts'

/**
 * A payment a dapp asked for with `openPay`: what is asked and to whom, paid from the connected
 * wallet (the embedded one or a browser wallet) on one click, then the transaction.
 */
export default function Pay({ portico }: ViewProps) {
  const { request, hash } = useStore(portico.payment)
  const account = useStore(portico.account)
  if (!request) {
    return (
      <p role="status" className="muted">
        There is no payment to make.
      </p>
    )
  }
  if (hash) return <PayDone portico={portico} request={request} hash={hash} />
  if (!account.isConnected || !account.address) {
    return (
      <div className="stack">
        <PaySummary request={request} />
        <p>Connect a wallet to pay.</p>
        <button type="button" className="primary" onClick={() => portico.router.push('Connect')}>
          Connect a wallet
        </button>
      </div>
    )
  }
  return <PayForm portico={portico} request={request} from={account.address as `0x${string}`} />
}

function PayDone({ portico, request, hash }: ViewProps & { request: PayRequest; hash: `0x${string}` }) {
  return (
    <DoneState title="Paid">
      <DoneDetails
        amount={`${request.amount} ${request.symbol}`}
        details={[
          { label: 'To', value: shortenAddress(request.recipient), title: request.recipient },
          { label: 'Transaction', value: <TransactionLink portico={portico} hash={hash} /> },
        ]}
      />
      <p className="muted" role="status">
        {SendText.SENT}
      </p>
      <div className="actions">
        <button type="button" className="primary" onClick={() => portico.modal.close()}>
          Done
        </button>
      </div>
    </DoneState>
  )
}
