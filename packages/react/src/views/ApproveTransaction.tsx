import { estimateGas, getGasPrice } from '@wagmi/core'
import { useEffect, useState } from 'react'
import { formatEther } from 'viem'
import { useStore } from '../hooks.ts'
import { EMAIL_CSS } from './email/email-css.ts'
import { describeRequest, type TransactionFields } from './email/request-details.ts'
import type { ViewProps } from './registry.ts'

/**
 * Shows exactly what the embedded wallet is asked to sign or send, and waits for Approve or
 * Reject. The modal refuses to close here unless forced, so no request is left unanswered.
 */
export default function ApproveTransaction({ portico }: ViewProps) {
  const { approvals } = useStore(portico.embedded.state)
  const request = approvals[0]
  const symbol = portico.network.nativeCurrency.symbol
  if (!request) return <p className="muted center">No request is waiting.</p>
  const details = describeRequest(request.method, request.params, symbol)

  return (
    <div className="center">
      <style>{EMAIL_CSS}</style>
      {details.kind === 'message' && (
        <>
          <p>Sign this message</p>
          <pre className="message-text">{details.text}</pre>
        </>
      )}
      {details.kind === 'typedData' && (
        <>
          <p>Sign {details.primaryType || 'typed data'}</p>
          <dl className="details" aria-label="Domain">
            {details.domain.map(([key, value]) => (
              <Row key={key} name={key} value={value} />
            ))}
          </dl>
          <dl className="details" aria-label="Message">
            {details.fields.map(([key, value]) => (
              <Row key={key} name={key} value={value} />
            ))}
          </dl>
        </>
      )}
      {details.kind === 'transaction' && (
        <>
          <p>Send a transaction</p>
          <dl className="details" aria-label="Transaction">
            <Row name="To" value={details.to} />
            <Row name="Amount" value={details.value} />
            {details.data && <Row name="Data" value={details.data} />}
            <Fee portico={portico} request={details.request} symbol={symbol} />
          </dl>
        </>
      )}
      {details.kind === 'other' && (
        <>
          <p>Approve {request.method}</p>
          <pre className="message-text">{details.json}</pre>
        </>
      )}
      {approvals.length > 1 && <p className="muted">{approvals.length - 1} more request(s) waiting</p>}
      <div className="actions">
        <button type="button" className="secondary" onClick={() => portico.embedded.reject(request.id)}>
          Reject
        </button>
        <button type="button" className="primary" onClick={() => portico.embedded.approve(request.id)}>
          Approve
        </button>
      </div>
    </div>
  )
}

function Row({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt>{name}</dt>
      <dd>{value}</dd>
    </>
  )
}

/** The estimated network fee: the gas the chain expects times today's gas price. */
function Fee({ portico, request, symbol }: ViewProps & { request: TransactionFields; symbol: string }) {
  const [fee, setFee] = useState<string>('Estimating…')
  const { from, to, value, data } = request
  useEffect(() => {
    let live = true
    const chainId = portico.network.id
    Promise.all([
      estimateGas(portico.wagmiConfig, { account: from, to, value, data, chainId }),
      getGasPrice(portico.wagmiConfig, { chainId }),
    ])
      .then(([gas, price]) => live && setFee(`${formatEther(gas * price)} ${symbol}`))
      .catch(() => live && setFee('Unavailable'))
    return () => {
      live = false
    }
  }, [portico, from, to, value, data, symbol])
  return <Row name="Estimated fee" value={fee} />
}
