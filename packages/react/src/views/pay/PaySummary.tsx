import { shortenAddress } from '@portico/core'
import type { PayRequest } from '@portico/core/internal'
import { DoneDetails } from '../../components/DoneState.tsx'

/** What is asked: the amount in large type, and who receives it. */
export function PaySummary({ request }: { request: PayRequest }) {
  return (
    <DoneDetails
      amount={`${request.amount} ${request.symbol}`}
      details={[
        { label: 'To', value: shortenAddress(request.recipient), title: request.recipient },
        ...(request.contract
          ? [
              {
                label: 'Token',
                value: `${request.name} · ${shortenAddress(request.contract)}`,
                title: request.contract,
              },
            ]
          : []),
      ]}
    />
  )
}
