/** The longest span one summary covers: a year, leap day included. */
export const MAX_RANGE_DAYS = 366
/** What the dashboard shows before a range is chosen: the last week, today included. */
const DEFAULT_RANGE_DAYS = 7

const DAY_MS = 86_400_000
const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/

export type DayRange =
  | { ok: true; from: string; to: string; days: string[]; start: Date; end: Date }
  | { ok: false; field: 'from' | 'to'; message: string }

/** Midnight UTC of a `YYYY-MM-DD`, or undefined for text that is no calendar day (2026-02-30). */
function parseDay(text: string): Date | undefined {
  if (!DAY_FORMAT.test(text)) return undefined
  const date = new Date(`${text}T00:00:00.000Z`)
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? undefined : date
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10)

/**
 * The UTC days a summary covers, both ends included. Either end may be left out: `to` defaults to
 * today, `from` to the week that ends on `to`. Days are the services' UTC days, as the events'
 * `received_at` are stamped by the database, not by the visitor's clock.
 */
export function resolveDayRange(from: string | undefined, to: string | undefined, now: Date): DayRange {
  const last = to === undefined ? parseDay(dayOf(now)) : parseDay(to)
  if (!last) return { ok: false, field: 'to', message: 'must be a day as YYYY-MM-DD' }
  const first =
    from === undefined ? new Date(last.getTime() - (DEFAULT_RANGE_DAYS - 1) * DAY_MS) : parseDay(from)
  if (!first) return { ok: false, field: 'from', message: 'must be a day as YYYY-MM-DD' }
  if (first > last) return { ok: false, field: 'to', message: 'must not be before from' }
  const count = (last.getTime() - first.getTime()) / DAY_MS + 1
  if (count > MAX_RANGE_DAYS)
    return { ok: false, field: 'to', message: `the range must be at most ${MAX_RANGE_DAYS} days` }
  const days = Array.from({ length: count }, (_, index) => dayOf(new Date(first.getTime() + index * DAY_MS)))
  return {
    ok: true,
    from: dayOf(first),
    to: dayOf(last),
    days,
    start: first,
    end: new Date(last.getTime() + DAY_MS),
  }
}
