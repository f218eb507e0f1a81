import { AnalyticsEventName as E } from '@portico/core/shared'
import { readableErrorText } from './error-text.ts'

/** How many wallets get a line of their own; the rest are added up as "Other". */
export const WALLET_SERIES_LIMIT = 6
/** How much of an error message is read from the database; error-text.ts makes it readable and shorter. */
export const MESSAGE_LIMIT = 300
export const RECENT_ERRORS = 10

/** One line of a chart: a value per day of the range, in the range's order. */
export interface Series {
  key: string
  total: number
  counts: number[]
}

export interface DayCount {
  day: string
  key: string
  n: number
}

export interface SummaryRows {
  events: DayCount[]
  byMethod: DayCount[]
  byWallet: DayCount[]
  funnel: { opened: number; chose: number; connected: number }
  errorTypes: { event: string; errorType: string; n: number }[]
  recentErrors: { at: Date; event: string; errorType: string; message: string }[]
}

/** What `GET /dashboard/api/summary` answers. */
export interface Summary {
  days: string[]
  connections: { byMethod: Series[]; byWallet: Series[] }
  funnel: SummaryRows['funnel']
  daily: {
    modalOpens: Series
    connects: Series
    connectErrors: Series
    signIns: Series
    signInErrors: Series
    sends: Series
    sendErrors: Series
  }
  errors: {
    byType: SummaryRows['errorTypes']
    recent: { at: string; event: string; errorType: string; message: string }[]
  }
}

/** Per-key lines over `days`, the biggest first; past `limit` keys the rest become one "Other" line. */
export function toSeries(rows: DayCount[], days: string[], limit = Number.POSITIVE_INFINITY): Series[] {
  const position = new Map(days.map((day, index) => [day, index]))
  const byKey = new Map<string, number[]>()
  for (const { day, key, n } of rows) {
    const index = position.get(day)
    if (index === undefined) continue
    const counts = byKey.get(key) ?? days.map(() => 0)
    counts[index] = (counts[index] ?? 0) + n
    byKey.set(key, counts)
  }
  const sum = (counts: number[]) => counts.reduce((total, n) => total + n, 0)
  const all = [...byKey]
    .map(([key, counts]) => ({ key, total: sum(counts), counts }))
    .sort((a, b) => b.total - a.total || a.key.localeCompare(b.key))
  if (all.length <= limit) return all
  const kept = all.slice(0, limit)
  const rest = all.slice(limit)
  const counts = days.map((_, index) => rest.reduce((total, line) => total + (line.counts[index] ?? 0), 0))
  return [...kept, { key: 'Other', total: sum(counts), counts }]
}

/** One event's line; a day without that event counts 0. */
function daily(rows: DayCount[], days: string[], event: string): Series {
  return (
    toSeries(
      rows.filter((row) => row.key === event),
      days,
    )[0] ?? { key: event, total: 0, counts: days.map(() => 0) }
  )
}

/** Turns the aggregation's rows into the dashboard's answer; pure, so its rules are unit-tested. */
export function shapeSummary(rows: SummaryRows, days: string[]): Summary {
  return {
    days,
    connections: {
      byMethod: toSeries(rows.byMethod, days),
      byWallet: toSeries(rows.byWallet, days, WALLET_SERIES_LIMIT),
    },
    funnel: rows.funnel,
    daily: {
      modalOpens: daily(rows.events, days, E.MODAL_OPEN),
      connects: daily(rows.events, days, E.CONNECT_SUCCESS),
      connectErrors: daily(rows.events, days, E.CONNECT_ERROR),
      signIns: daily(rows.events, days, E.SIWX_AUTH_SUCCESS),
      signInErrors: daily(rows.events, days, E.SIWX_AUTH_ERROR),
      sends: daily(rows.events, days, E.SEND_SUCCESS),
      sendErrors: daily(rows.events, days, E.SEND_ERROR),
    },
    errors: {
      byType: rows.errorTypes,
      recent: rows.recentErrors.slice(0, RECENT_ERRORS).map((error) => ({
        at: error.at.toISOString(),
        event: error.event,
        errorType: error.errorType,
        message: readableErrorText(error.message.slice(0, MESSAGE_LIMIT)),
      })),
    },
  }
}
