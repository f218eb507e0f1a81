import {
  BALANCE_DISPLAY_DECIMALS,
  formatFiat,
  formatUnitsFloor,
  shortenAddress,
  totalValue,
  visibleBalances,
} from '@portico/core'
import { useStore } from '../../hooks.ts'
import type { ViewProps } from '../types.ts'
import { CopyAddressButton } from './CopyAddressButton.tsx'
import { useAccountData } from './use-account-data.ts'

/** Address with copy, native balance (3 decimals, floored), total portfolio value (2 decimals), network. */
export function AccountHeader({ portico }: ViewProps) {
  const accountData = useAccountData(portico)
  const account = useStore(portico.account)
  const balance = useStore(portico.balance)
  const portfolio = useStore(accountData.balances.store)
  if (!account.address) return null
  const { symbol, decimals } = portico.network.nativeCurrency
  const hasPortfolio = portfolio.balances.length > 0
  return (
    <div className="account-header">
      <span className="address-line">
        <span title={account.address}>{shortenAddress(account.address)}</span>
        <CopyAddressButton portico={portico} address={account.address} />
      </span>
      <output className="portfolio" aria-label="Portfolio value">
        {hasPortfolio
          ? formatFiat(totalValue(visibleBalances(portfolio.balances)))
          : portfolio.loading
            ? 'Loading…'
            : '—'}
      </output>
      <output className="balance" aria-label="Balance">
        {balance.value === undefined
          ? balance.loading
            ? 'Loading balance…'
            : `— ${symbol}`
          : `${formatUnitsFloor(balance.value, decimals, BALANCE_DISPLAY_DECIMALS)} ${symbol}`}
      </output>
      <span className="network-pill">Network: {portico.network.name}</span>
    </div>
  )
}
