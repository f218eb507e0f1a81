import type { IdentitiesSnapshot, Portico, Transaction } from '@portico/core'
import {
  type ApprovalShown,
  activityRow,
  counterpartyOf,
  monthGroups,
  nameOf,
  nativeHistoryNotice,
  readApproval,
  withPurchases,
} from '@portico/core/internal'
import { useEffect, useRef, useState } from 'react'
import { CheckIcon } from '../../components/icon.tsx'
import { ArrowDownIcon, ArrowUpIcon, SwapIcon } from '../../components/icons.tsx'
import { Loading } from '../../components/Loading.tsx'
import { TokenIcon } from '../../components/TokenIcon.tsx'
import { Unavailable } from '../../components/Unavailable.tsx'
import { useStore } from '../../hooks.ts'
import type { ViewProps } from '../types.ts'
import { useAccountData } from './use-account-data.ts'

/**
 * Activity grouped by month, newest first (behaviour §2). Scrolling to the end fetches the next page;
 * while the tab is open the newest page is asked for again, so transfers made elsewhere show up.
 */
export function ActivityTab({ portico }: ViewProps) {
  const accountData = useAccountData(portico)
  const { address } = useStore(portico.account)
  const state = useStore(accountData.transactions.store)
  const sentinel = useRef<HTMLDivElement>(null)
  const { transactions } = accountData
  const identities = useStore(portico.names.identities)

  useEffect(() => {
    if (!address) return
    if (transactions.store.getState().transactions.length === 0) {
      void transactions.fetchTransactions(address)
    }
    void transactions.refreshPurchases(address)
    return accountData.watchActivity()
  }, [accountData, address, transactions])

  useEffect(() => {
    const element = sentinel.current
    if (!element || !state.next || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void transactions.fetchTransactions(address)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [state.next, address, transactions])

  const groups = monthGroups(withPurchases(state.transactionsByYear, state.coinbaseTransactions))
  // Counterparties show by name once known; each address is asked for once.
  const { transactionsByYear } = state
  useEffect(() => {
    for (const group of monthGroups(transactionsByYear))
      for (const transaction of group.transactions) {
        const counterparty = counterpartyOf(transaction)
        if (counterparty) portico.names.request(counterparty)
      }
  }, [transactionsByYear, portico])

  // Said above the list: without traces the services cannot find ETH moved before the account was watched.
  const notice = nativeHistoryNotice(state.nativeHistoryFrom)

  return (
    <div aria-busy={state.loading}>
      {notice && <p className="muted center">{notice}</p>}
      {groups.length === 0 && !state.loading && state.failed && (
        <Unavailable
          sentence="Activity is unavailable right now"
          onRetry={() => void transactions.fetchTransactions(address)}
        />
      )}
      {groups.length === 0 && !state.loading && !state.failed && (
        <p className="muted center">No activity yet</p>
      )}
      {groups.map((group) => (
        <section key={group.key} aria-label={group.title}>
          <h3 className="group-title">{group.title}</h3>
          <ul className="list">
            {group.transactions.map((transaction) => (
              <ActivityItem
                key={transaction.id}
                portico={portico}
                transaction={transaction}
                identities={identities}
              />
            ))}
          </ul>
        </section>
      ))}
      {state.loading && <Loading label="Loading activity…" />}
      {state.next && <div ref={sentinel} style={{ height: 1 }} />}
    </div>
  )
}

type Transfer = Transaction['transfers'][number]

const transferImage = (transfer: Transfer) =>
  transfer.nft_info?.content?.preview?.url ?? transfer.fungible_info?.icon?.url

/** What a transfer's monogram is made of: the token's symbol (or the NFT's name), never the operation. */
const transferSymbol = (transfer: Transfer | undefined) =>
  transfer?.fungible_info?.symbol || transfer?.nft_info?.name || undefined

/** A row with nothing to picture: the direction of the operation, drawn. */
function OperationIcon({ type }: { type: string }) {
  const Icon = OUT_TYPES.has(type)
    ? ArrowUpIcon
    : IN_TYPES.has(type)
      ? ArrowDownIcon
      : type === 'approve'
        ? CheckIcon
        : SwapIcon
  return (
    <span className="operation-icon" aria-hidden="true">
      <Icon size={18} />
    </span>
  )
}

const OUT_TYPES = new Set(['send', 'withdraw', 'burn', 'repay'])
const IN_TYPES = new Set(['receive', 'deposit', 'mint', 'claim', 'borrow', 'buy'])

/** An approval's token and spender, read from its receipt; nothing for any other row. */
function useApproval(portico: Portico, transaction: Transaction): ApprovalShown | undefined {
  const [approval, setApproval] = useState<ApprovalShown>()
  const accountData = useAccountData(portico)
  const { operationType, status } = transaction.metadata
  const { hash } = transaction
  const owner = portico.account.getState().address
  useEffect(() => {
    if (operationType !== 'approve' || status !== 'confirmed' || !hash || !owner) return
    let current = true
    const symbolOf = (token: string) =>
      accountData.balances.store
        .getState()
        .balances.find((balance) => balance.address?.toLowerCase().endsWith(token.toLowerCase()))?.symbol
    void readApproval(
      portico.wagmiConfig,
      { chainId: portico.network.id, hash: hash as `0x${string}`, owner },
      symbolOf,
    ).then((found) => current && setApproval(found))
    return () => {
      current = false
    }
  }, [portico, accountData, operationType, status, hash, owner])
  return approval
}

function ActivityItem({
  portico,
  transaction,
  identities,
}: {
  portico: Portico
  transaction: Transaction
  identities: IdentitiesSnapshot
}) {
  const approval = useApproval(portico, transaction)
  const row = activityRow(transaction, (address) => nameOf(identities, address), approval)
  const minedAt = new Date(transaction.metadata.minedAt)
  const { transfers } = transaction
  const symbolFor = (url: string) =>
    transferSymbol(transfers.find((transfer) => transferImage(transfer) === url)) ?? ''
  const firstSymbol = transferSymbol(transfers[0])
  return (
    <li className="activity-row">
      <span className="activity-images">
        {row.images.length > 0 ? (
          row.images.map((url, index) => (
            <TokenIcon key={url} name={symbolFor(url)} url={url} size={index === 0 ? 36 : 20} />
          ))
        ) : firstSymbol ? (
          <TokenIcon name={firstSymbol} size={36} />
        ) : (
          <OperationIcon type={transaction.metadata.operationType} />
        )}
      </span>
      <span className="name" style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <span>{row.title}</span>
        <span className="muted clip">{row.descriptions.join(' → ')}</span>
      </span>
      <time className="muted" dateTime={transaction.metadata.minedAt}>
        {minedAt.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}
      </time>
    </li>
  )
}
