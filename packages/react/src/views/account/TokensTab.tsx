import { type Balance, formatTokenAmount } from '@portico/core'
import { formatFiat, sortByValue, toUnits, visibleBalances } from '@portico/core/internal'
import { useEffect } from 'react'
import { Loading } from '../../components/Loading.tsx'
import { TokenIcon } from '../../components/TokenIcon.tsx'
import { Unavailable } from '../../components/Unavailable.tsx'
import { useStore } from '../../hooks.ts'
import type { ViewProps } from '../types.ts'
import { useAccountData } from './use-account-data.ts'

/**
 * Tokens by value, highest first, each with its value (2 decimals) and amount (3 decimals, floored,
 * thousands grouped); a token without a usable icon shows its symbol's monogram.
 */
export function TokensTab({ portico }: ViewProps) {
  const accountData = useAccountData(portico)
  const { address } = useStore(portico.account)
  const { balances } = accountData
  const state = useStore(balances.store)
  useEffect(() => {
    void balances.fetchBalances(address)
  }, [balances, address])

  const tokens = sortByValue(visibleBalances(state.balances))
  if (tokens.length === 0) {
    if (state.loading) return <Loading label="Loading tokens…" />
    if (state.failed)
      return (
        <Unavailable
          sentence="Tokens are unavailable right now"
          onRetry={() => void balances.fetchBalances(address, { force: true })}
        />
      )
  }
  // A new wallet holds nothing but a row of zeros: say how to fill it instead.
  if (tokens.every((token) => isZero(token))) return <EmptyWallet portico={portico} />
  return (
    <ul className="list" aria-label="Tokens">
      {tokens.map((token) => (
        <li key={token.address ?? 'native'} className="token-row">
          <TokenIcon name={token.symbol || token.name} url={token.iconUrl} />
          <span className="name">
            <span className="clip">{token.name}</span>
            <span className="muted">{formatQuantity(token)}</span>
          </span>
          <span className="amounts">
            <span>{formatFiat(token.value)}</span>
          </span>
        </li>
      ))}
    </ul>
  )
}

const isZero = (token: Balance) => toUnits(token.quantity.numeric, Number(token.quantity.decimals)) === 0n

/** An empty wallet's first steps: buying, or receiving from another wallet (those switched on). */
function EmptyWallet({ portico }: ViewProps) {
  const { onramp, receive } = portico.options.features
  return (
    <div className="center empty-wallet">
      <p>Your wallet is empty</p>
      {(onramp || receive) && (
        <p className="muted">
          {onramp && receive
            ? 'Buy crypto with a card, or receive it from another wallet, to get started.'
            : onramp
              ? 'Buy crypto with a card to get started.'
              : 'Receive crypto from another wallet to get started.'}
        </p>
      )}
      <div className="row empty-wallet-actions">
        {onramp && (
          <button type="button" className="primary" onClick={() => portico.router.push('OnRampProviders')}>
            Buy crypto
          </button>
        )}
        {receive && (
          <button type="button" className="secondary" onClick={() => portico.router.push('WalletReceive')}>
            Receive funds
          </button>
        )}
      </div>
    </div>
  )
}

/** `12,345.678 USDC`: the amount as every token amount in the modal is written (`formatTokenAmount`). */
export function formatQuantity(token: Balance): string {
  const decimals = Number(token.quantity.decimals)
  return `${formatTokenAmount(toUnits(token.quantity.numeric, decimals), decimals)} ${token.symbol}`
}
