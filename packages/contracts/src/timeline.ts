const DAY = 86_400
const SETUP_SPACING_SECONDS = 12

/**
 * How far before now a fresh demo chain's genesis should be (`startAnvil({ genesisTimestamp })`),
 * so that the ~14 months of seeded history fit after it.
 */
export const DEMO_HISTORY_START_OFFSET_DAYS = 430
export const DEMO_GENESIS_OFFSET_SECONDS = DEMO_HISTORY_START_OFFSET_DAYS * DAY

/**
 * The times the seed would ideally use: the setup transactions (deploys, mints) a day before the
 * history, a block time apart, then each history entry `daysAgo` before now.
 */
export function idealTimeline(now: number, setupCount: number, historyDaysAgo: readonly number[]): number[] {
  const history = historyDaysAgo.map((days) => Math.round(now - days * DAY))
  const setupStart = (history[0] ?? now) - DAY
  const setup = Array.from({ length: setupCount }, (_, i) => setupStart + i * SETUP_SPACING_SECONDS)
  return [...setup, ...history]
}

/**
 * Fits the ideal timeline (ascending unix seconds) onto a chain whose latest block is at `latest`:
 * every time strictly increasing, after the latest block, and no earlier than the start of the
 * previous calendar year (a day of margin keeps it there in every time zone). When the ideal times
 * fit they are kept; otherwise they are squeezed, in order, between that floor and the newest ideal
 * time, or `now` when even that has passed. Returns undefined when there is not one second per
 * transaction left before `now`; the chain's own clock must then decide.
 */
export function planTimestamps(
  ideal: readonly number[],
  chain: { now: number; latest: number },
): number[] | undefined {
  const first = ideal[0]
  const last = ideal.at(-1)
  if (first === undefined || last === undefined) return []
  const previousYear = new Date(chain.now * 1000).getUTCFullYear() - 1
  const floor = Math.max(chain.latest + 1, Date.UTC(previousYear, 0, 1) / 1000 + DAY)
  if (first >= floor) return [...ideal]

  const n = ideal.length
  const ceiling = last - floor >= n - 1 ? last : chain.now
  if (ceiling - floor < n - 1) return undefined
  const span = last - first
  const planned: number[] = []
  ideal.forEach((time, i) => {
    const scaled = span === 0 ? floor : floor + Math.floor(((time - first) * (ceiling - floor)) / span)
    // Bounds that leave one second for every neighbour, then a nudge past the previous time.
    const bounded = Math.min(Math.max(scaled, floor + i), ceiling - (n - 1 - i))
    planned.push(Math.max(bounded, (planned[i - 1] ?? Number.NEGATIVE_INFINITY) + 1))
  })
  return planned
}
