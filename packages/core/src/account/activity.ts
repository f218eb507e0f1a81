/**
 * The activity list rules of behaviour §2 and §5: which transactions show, how they group by year and
 * month, and what each row says. Pure, so the React rows and the tests agree.
 */
import { BALANCE_DISPLAY_DECIMALS } from '../constants.ts'
import { formatDecimalAmount, shortenAddress } from '../format.ts'
import type { Transaction, TransactionTransfer } from './types.ts'

/** year → month (0–11) → transactions, newest first inside each month. */
export type TransactionsByYear = Record<number, Record<number, Transaction[]>>

const PLUS_TYPES = new Set(['receive', 'deposit', 'borrow', 'claim'])
const MINUS_TYPES = new Set(['send', 'withdraw', 'repay', 'burn'])
/** The typographic minus: as wide as the plus, where a hyphen reads as a dash. */
const MINUS = '\u2212'

/** Hidden: every transfer a spam NFT, or another chain than the connected one (behaviour §5). */
function isVisibleTransaction(transaction: Transaction, caipNetworkId: string): boolean {
  if (transaction.metadata.chain !== caipNetworkId) return false
  const { transfers } = transaction
  const allSpam =
    transfers.length > 0 && transfers.every((transfer) => transfer.nft_info?.flags?.is_spam === true)
  return !allSpam
}

export function filterTransactions(
  transactions: readonly Transaction[],
  caipNetworkId: string,
): Transaction[] {
  return transactions.filter((transaction) => isVisibleTransaction(transaction, caipNetworkId))
}

/**
 * Adds `transactions` to the groups. Grouping uses the visitor's local calendar, as the month
 * titles do; a transaction already present (same id) is not added twice.
 */
export function groupTransactions(
  groups: TransactionsByYear,
  transactions: readonly Transaction[],
): TransactionsByYear {
  const next: TransactionsByYear = {}
  for (const [year, months] of Object.entries(groups)) {
    next[Number(year)] = Object.fromEntries(Object.entries(months).map(([month, list]) => [month, [...list]]))
  }
  const seen = new Set(
    Object.values(next).flatMap((months) => Object.values(months).flatMap((list) => list.map((t) => t.id))),
  )
  const touched = new Set<Transaction[]>()
  for (const transaction of transactions) {
    if (seen.has(transaction.id)) continue
    seen.add(transaction.id)
    const date = new Date(transaction.metadata.minedAt)
    if (Number.isNaN(date.getTime())) continue
    const year = date.getFullYear()
    const month = date.getMonth()
    const months = next[year] ?? {}
    const list = months[month] ?? []
    list.push(transaction)
    touched.add(list)
    months[month] = list
    next[year] = months
  }
  for (const list of touched)
    list.sort((a, b) => Date.parse(b.metadata.minedAt) - Date.parse(a.metadata.minedAt))
  return next
}

export interface MonthGroup {
  key: string
  title: string
  transactions: Transaction[]
}

/** The groups as the list shows them: newest year and month first, each with its title. */
export function monthGroups(groups: TransactionsByYear, now: Date = new Date()): MonthGroup[] {
  return Object.keys(groups)
    .map(Number)
    .sort((a, b) => b - a)
    .flatMap((year) =>
      Object.keys(groups[year] ?? {})
        .map(Number)
        .sort((a, b) => b - a)
        .map((month) => ({
          key: `${year}-${month}`,
          title: monthTitle(year, month, now),
          transactions: groups[year]?.[month] ?? [],
        }))
        .filter((group) => group.transactions.length > 0),
    )
}

/** `March`, or `March 2025` when the year is not the current one (behaviour §2). */
export function monthTitle(year: number, month: number, now: Date = new Date()): string {
  const name = new Date(year, month, 1).toLocaleString('en-US', { month: 'long' })
  return year === now.getFullYear() ? name : `${name} ${year}`
}

/**
 * The sentence above Activity when the services cannot show ETH moved before `from` (their node has
 * no traces): "ETH transfers before 12 Mar are not shown", the date in the user's locale, the year
 * only when it is not this one. Nothing for a missing or unreadable date.
 */
export function nativeHistoryNotice(
  from: string | undefined,
  now: Date = new Date(),
  locale?: string,
): string | undefined {
  const date = from ? new Date(from) : undefined
  if (!date || Number.isNaN(date.getTime())) return undefined
  const shown = date.toLocaleDateString(locale, {
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  })
  return `ETH transfers before ${shown} are not shown`
}

/** What an amount of this operation's single transfer starts with: `+` in, `−` out. */
export function amountPrefix(operationType: string): string {
  if (PLUS_TYPES.has(operationType)) return '+'
  if (MINUS_TYPES.has(operationType)) return MINUS
  return ''
}

/**
 * `1,234.5 USDC`: at most 3 decimals, never more than the token has (`150,000 POINTS`), trailing
 * zeros dropped. The amount arrives as a decimal string; it is cut, not rounded, on the string
 * itself so no float rounding can show more than moved.
 */
export function formatTransferAmount(transfer: TransactionTransfer): string {
  const symbol = transfer.fungible_info?.symbol ?? ''
  const { numeric, decimals } = transfer.quantity
  const cut = formatDecimalAmount(numeric, BALANCE_DISPLAY_DECIMALS, decimals)
  const shown = cut.includes('.') ? cut.replace(/\.?0+$/, '') : cut
  return `${shown} ${symbol}`.trim()
}

function transferDescription(transfer: TransactionTransfer, prefix = ''): string {
  if (transfer.nft_info) return transfer.nft_info.name || '-'
  const amount = formatTransferAmount(transfer)
  return amount ? `${prefix}${amount}` : '-'
}

/** In a trade each line signs its own transfer: what left `−`, what arrived `+`. */
const directionPrefix = (transfer: TransactionTransfer) =>
  transfer.direction === 'out' ? MINUS : transfer.direction === 'in' ? '+' : ''

/** An on-ramp purchase's row says where it stands until the funds are in. */
const BUY_TITLES: Record<string, string> = {
  created: 'Buy · waiting for payment',
  pending: 'Buy · sending',
  failed: 'Buy · failed',
  expired: 'Buy · expired',
}

export interface ActivityRow {
  /** What happened, e.g. `Send`, `Receive`, `Mint`. */
  title: string
  /** One or two lines: amounts with their sign, the shortened sender and receiver, or the status. */
  descriptions: string[]
  /** One or two images of the transfers (fungible icon or NFT preview). */
  images: string[]
  status: string
}

/** An approval as its receipt tells it: the token's symbol (or address) and the spender. */
export interface ApprovalShown {
  token: string
  spender: string
}

/** `Approved USDC for 0x70…0dC79C8`; `Approved` until the receipt has said what. */
function approvalDescription(approval: ApprovalShown | undefined): string {
  if (!approval) return 'Approved'
  const token = approval.token.startsWith('0x') ? shortenAddress(approval.token) : approval.token
  return `Approved ${token} for ${shortenAddress(approval.spender)}`
}

/**
 * `nameOf` gives the account name of an address when it is known: counterparties show
 * by name, and a single send or receive names the other side once it has a name. `approval`
 * is what an approval's receipt said, once read.
 */
export function activityRow(
  transaction: Transaction,
  nameOf: (address: string) => string | undefined = () => undefined,
  approval?: ApprovalShown,
): ActivityRow {
  const { operationType, status, sentFrom, sentTo } = transaction.metadata
  const { transfers } = transaction
  const title =
    operationType === 'buy'
      ? (BUY_TITLES[status] ?? 'Buy')
      : operationType
        ? `${operationType.charAt(0).toUpperCase()}${operationType.slice(1)}`
        : 'Transaction'
  const images = transfers
    .map((transfer) => transfer.nft_info?.content?.preview?.url ?? transfer.fungible_info?.icon?.url)
    .filter((url): url is string => Boolean(url))
    .slice(0, 2)
  let descriptions: string[]
  if (transfers.length === 0) {
    descriptions =
      operationType === 'send' || operationType === 'receive'
        ? [nameOf(sentFrom) ?? shortenAddress(sentFrom), nameOf(sentTo) ?? shortenAddress(sentTo)]
        : operationType === 'approve' && status === 'confirmed'
          ? [approvalDescription(approval)]
          : [status]
  } else if (transfers.length > 1) {
    // A trade moves one thing out and another in; each line names its own transfer.
    descriptions = transfers
      .slice(0, 2)
      .map((transfer) => transferDescription(transfer, directionPrefix(transfer)))
  } else {
    const moved = transferDescription(transfers[0] as TransactionTransfer, amountPrefix(operationType))
    const counterparty = counterpartyOf(transaction)
    const name = counterparty ? nameOf(counterparty) : undefined
    // Read as "from → to": what left for someone, or someone's that arrived.
    descriptions = !name ? [moved] : operationType === 'send' ? [moved, name] : [name, moved]
  }
  return { title, descriptions, images, status }
}

/** The other side of a send or receive: the one a name would be shown for. */
export function counterpartyOf(transaction: Transaction): string | undefined {
  const { operationType, sentFrom, sentTo } = transaction.metadata
  if (operationType === 'send') return sentTo || undefined
  if (operationType === 'receive') return sentFrom || undefined
  return undefined
}
