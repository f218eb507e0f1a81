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
    return <p className="muted center">No tokens yet</p>
  }
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

/** `12,345.678 USDC`: the amount as every token amount in the modal is written (`formatTokenAmount`). */
export function formatQuantity(token: Balance): string {
  const decimals = Number(token.quantity.decimals)
  return `${formatTokenAmount(toUnits(token.quantity.numeric, decimals), decimals)} ${token.symbol}`
}
