import { formatTokenAmount } from '@portico/core'
import {
  type BuyProgress,
  type BuyStore,
  createBuyStore,
  followPurchase,
  formatQuotedAmount,
} from '@portico/core/internal'
import { useEffect, useRef } from 'react'
import { DoneActions, DoneDetails, DoneState } from '../components/DoneState.tsx'
import { Loading } from '../components/Loading.tsx'
import { TransactionLink } from '../components/TransactionLink.tsx'
import { useStore } from '../hooks.ts'
import { useStateTitle } from '../modal/view-title.ts'
import { useAccountData } from './account/use-account-data.ts'
import { useKept } from './kept.ts'
import './onramp/onramp-css.ts'
import type { ViewProps } from './types.ts'

/** A checkout the services cannot follow is followed by the balance, this often. */
const BALANCE_POLL_MS = 5_000

/**
 * The purchase while the visitor pays in the provider's window: where it stands, the
 * funds arriving, and how it ended. The services follow sandbox purchases; for a hosted checkout
 * the native balance is watched until it grows.
 */
export default function BuyInProgress({ portico }: ViewProps) {
  const accountData = useAccountData(portico)
  const buy = useKept(portico, 'OnRampProviders', createBuyStore)
  const { progress } = useStore(buy.store)
  const payment = useStore(portico.payment)
  const purchaseId = progress?.purchaseId

  useEffect(() => {
    if (!purchaseId) return
    const abort = new AbortController()
    void followPurchase({
      buy,
      services: accountData.services,
      purchaseId,
      signal: abort.signal,
      onPaid: async () => {
        await portico.refreshBalance({ force: true })
        const { address } = portico.account.getState()
        if (address) await accountData.balances.fetchBalances(address, { force: true })
      },
    })
    return () => abort.abort()
  }, [buy, accountData, portico, purchaseId])
  useBalanceWatch(portico, buy, progress)
  // Once it ended it is no longer "in progress": titled as Send and Swap are over their outcome.
  const ended = progress?.status === 'paid' || progress?.status === 'failed' || progress?.status === 'expired'
  useStateTitle(portico, 'BuyInProgress', ended ? 'Buy' : undefined)

  if (!progress) return <p className="muted center">No purchase in progress.</p>
  const { providerName, url, expected, status, txHash, failureReason, arrived } = progress
  const bought = `${formatQuotedAmount(expected.amount)} ${expected.currency}`
  const again = () => {
    buy.startOver()
    portico.router.goBack()
  }

  if (status === 'paid')
    return (
      <DoneState title="Purchase complete">
        <DoneDetails
          amount={arrived ?? bought}
          details={[
            { label: 'Status', value: 'Arrived in your wallet' },
            { label: 'Paid with', value: providerName },
            ...(txHash
              ? [{ label: 'Transaction', value: <TransactionLink portico={portico} hash={txHash} /> }]
              : []),
          ]}
        />
        {payment.request && !payment.hash ? (
          // Bought to pay a dapp: the payment is the way on.
          <button type="button" className="primary" onClick={() => portico.router.reset('Pay')}>
            Back to the payment
          </button>
        ) : (
          <DoneActions portico={portico} again="Buy more" onAgain={again} />
        )}
      </DoneState>
    )
  if (status === 'failed' || status === 'expired')
    return (
      <div className="buy-progress">
        <p role="alert" className="error">
          {status === 'expired'
            ? 'The checkout expired before it was paid. Nothing was charged.'
            : (failureReason ?? 'The payment failed.')}{' '}
          Nothing was sent.
        </p>
        <div className="actions">
          <button type="button" className="primary" onClick={again}>
            Try again
          </button>
        </div>
      </div>
    )
  return (
    <div className="buy-progress">
      <Loading
        label={
          status === 'pending'
            ? `Payment received. Sending ${bought} to your wallet…`
            : `Waiting for your payment with ${providerName}…`
        }
      />
      {status !== 'pending' && (
        <p className="muted">
          Complete the purchase of {bought} in the {providerName} window. Closed it, or it did not open?{' '}
          <a href={url} target="_blank" rel="noopener noreferrer">
            Open the {providerName} checkout
          </a>
        </p>
      )}
      <div className="actions">
        <button type="button" className="secondary" onClick={again}>
          Cancel
        </button>
      </div>
    </div>
  )
}

/** A hosted checkout tells the services nothing: the purchase is done when the balance grows. */
function useBalanceWatch(portico: ViewProps['portico'], buy: BuyStore, progress: BuyProgress | undefined) {
  const start = useRef<bigint | undefined>(undefined)
  const following = progress !== undefined && !progress.purchaseId && progress.status === 'waiting'
  useEffect(() => {
    if (!following) return
    start.current ??= portico.balance.getState().value
    const timer = setInterval(() => {
      void portico.refreshBalance({ force: true }).then(() => {
        const { value, decimals, symbol } = portico.balance.getState()
        const before = start.current
        if (value === undefined || before === undefined || value <= before) return
        buy.update({ status: 'paid', arrived: `${formatTokenAmount(value - before, decimals)} ${symbol}` })
      })
    }, BALANCE_POLL_MS)
    return () => clearInterval(timer)
  }, [following, portico, buy])
}
