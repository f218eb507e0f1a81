import { formatTokenAmount, shortenAddress } from '@portico/core'
import {
  BALANCE_DISPLAY_DECIMALS,
  formatFiat,
  nameOf,
  totalValue,
  visibleBalances,
} from '@portico/core/internal'
import { ChainIcon } from '../../components/ChainIcon.tsx'
import { Identicon } from '../../components/Identicon.tsx'
import { Unavailable } from '../../components/Unavailable.tsx'
import { useStore } from '../../hooks.ts'
import type { ViewProps } from '../types.ts'
import { CopyAddressButton } from './CopyAddressButton.tsx'
import { useAccountData } from './use-account-data.ts'
import { useChainUnreachable } from './use-chain-reach.ts'

/**
 * The account's picture, its name when it has one, address with copy, total portfolio value (2 decimals), native balance
 * (3 decimals, floored, grouped) and network. The two figures are labelled groups, not live regions:
 * they refresh every 30 s and must not be read out again each time.
 */
export function AccountHeader({ portico }: ViewProps) {
  const accountData = useAccountData(portico)
  const account = useStore(portico.account)
  const balance = useStore(portico.balance)
  const portfolio = useStore(accountData.balances.store)
  const name = nameOf(useStore(portico.names.identities), account.address)
  const chainUnreachable = useChainUnreachable(portico)
  if (!account.address) return null
  const { symbol, decimals } = portico.network.nativeCurrency
  const hasPortfolio = portfolio.balances.length > 0
  return (
    <div className="account-header">
      <Identicon address={account.address} size={64} />
      {name && (
        <span className="account-name" data-testid="account-name" title={name}>
          {name}
        </span>
      )}
      <span className="address-line">
        <span title={account.address}>{shortenAddress(account.address)}</span>
        <CopyAddressButton portico={portico} address={account.address} />
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled figure, not a set of form fields; an <output> would be a live region */}
      <div className="portfolio" role="group" aria-label="Portfolio value">
        {hasPortfolio
          ? formatFiat(totalValue(visibleBalances(portfolio.balances)))
          : portfolio.loading && !chainUnreachable
            ? 'Loading…'
            : '—'}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: as above */}
      <div className="balance" role="group" aria-label="Balance">
        {balance.value === undefined
          ? balance.loading
            ? 'Loading balance…'
            : `— ${symbol}`
          : `${formatTokenAmount(balance.value, decimals, BALANCE_DISPLAY_DECIMALS)} ${symbol}`}
      </div>
      <span className="network-pill">
        <ChainIcon name={portico.network.name} size={18} />
        Network: {portico.network.name}
      </span>
      {chainUnreachable && (
        <Unavailable
          sentence={`Can’t reach the ${portico.network.name} network. Balances may be out of date.`}
          onRetry={() => {
            void portico.refreshBalance({ force: true })
            if (account.address) void accountData.balances.fetchBalances(account.address, { force: true })
          }}
        />
      )}
    </div>
  )
}
