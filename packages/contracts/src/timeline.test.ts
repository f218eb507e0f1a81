import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DEMO_GENESIS_OFFSET_SECONDS,
  DEMO_HISTORY_START_OFFSET_DAYS,
  idealTimeline,
  planTimestamps,
} from './timeline.ts'

const DAY = 86_400
const at = (iso: string) => Date.parse(iso) / 1000
const yearOf = (seconds: number) => new Date(seconds * 1000).getUTCFullYear()
const HISTORY_DAYS_AGO = [418.6, 300.2, 140.5, 41.3, 3.2]

function expectStrictlyIncreasing(times: number[]) {
  times.slice(1).forEach((time, i) => {
    expect(time).toBeGreaterThan(times[i] as number)
  })
}

describe('idealTimeline', () => {
  it('puts the setup a day before the history, a block time apart', () => {
    const now = at('2026-11-22T12:00:00Z')
    const timeline = idealTimeline(now, 3, [400, 3])
    expect(timeline).toEqual([
      now - 401 * DAY,
      now - 401 * DAY + 12,
      now - 401 * DAY + 24,
      now - 400 * DAY,
      now - 3 * DAY,
    ])
  })
})

describe('planTimestamps', () => {
  it('keeps the ideal times on a chain started at the demo genesis', () => {
    const now = at('2026-11-22T12:00:00Z')
    const ideal = idealTimeline(now, 30, HISTORY_DAYS_AGO)
    const planned = planTimestamps(ideal, { now, latest: now - DEMO_GENESIS_OFFSET_SECONDS })
    expect(planned).toEqual(ideal)
    expect(yearOf(planned?.[0] as number)).toBe(2025)
  })

  it.each([
    '2026-01-01T00:30:00Z',
    '2026-01-15T00:00:00Z',
    '2028-02-29T12:00:00Z',
    '2026-06-30T00:00:00Z',
    '2026-12-31T23:59:59Z',
  ])('starts in the previous calendar year, even early in the year (now %s)', (iso) => {
    const now = at(iso)
    const ideal = idealTimeline(now, 30, HISTORY_DAYS_AGO)
    const planned = planTimestamps(ideal, { now, latest: now - DEMO_HISTORY_START_OFFSET_DAYS * DAY }) ?? []
    expect(planned).toHaveLength(ideal.length)
    expectStrictlyIncreasing(planned)
    expect(yearOf(planned[0] as number)).toBe(yearOf(now) - 1)
    // A day of margin: still the previous year in any time zone.
    expect(yearOf((planned[0] as number) - DAY)).toBe(yearOf(now) - 1)
    expect(planned.at(-1)).toBe(ideal.at(-1))
  })

  it('starts right after a chain that is newer than the planned history, never going back', () => {
    const now = at('2026-11-22T12:00:00Z')
    const ideal = idealTimeline(now, 30, HISTORY_DAYS_AGO)
    const latest = now - 100 * DAY
    const planned = planTimestamps(ideal, { now, latest }) ?? []
    expect(planned[0]).toBe(latest + 1)
    expect(planned.at(-1)).toBe(ideal.at(-1))
    expectStrictlyIncreasing(planned)
  })

  it('uses the time up to now when the chain is newer than even the newest entry', () => {
    const now = at('2026-11-22T12:00:00Z')
    const ideal = idealTimeline(now, 30, HISTORY_DAYS_AGO)
    const planned = planTimestamps(ideal, { now, latest: now - 3600 }) ?? []
    expect(planned[0]).toBe(now - 3599)
    expect(planned.at(-1)).toBeLessThanOrEqual(now)
    expectStrictlyIncreasing(planned)
  })

  it('leaves the times to the chain when there is not a second per transaction', () => {
    const now = at('2026-11-22T12:00:00Z')
    expect(
      planTimestamps(idealTimeline(now, 30, HISTORY_DAYS_AGO), { now, latest: now - 10 }),
    ).toBeUndefined()
  })

  it('always plans strictly increasing times after the latest block and never past now', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: at('2000-01-01T00:00:00Z'), max: at('2100-01-01T00:00:00Z') }),
        fc.integer({ min: 0, max: 800 * DAY }),
        fc.integer({ min: 0, max: 60 }),
        // Whole minutes, so no two entries round to the same second.
        fc.uniqueArray(fc.integer({ min: 1, max: 500 * 1440 }), { maxLength: 30 }),
        (now, age, setupCount, minutesAgo) => {
          const daysAgo = minutesAgo.map((minutes) => minutes / 1440).sort((a, b) => b - a)
          const ideal = idealTimeline(now, setupCount, daysAgo)
          const latest = now - age
          const planned = planTimestamps(ideal, { now, latest })
          if (planned === undefined) {
            expect(now - latest).toBeLessThan(ideal.length)
            return
          }
          expect(planned).toHaveLength(ideal.length)
          expectStrictlyIncreasing(planned)
          for (const time of planned) {
            expect(time).toBeGreaterThan(latest)
            expect(time).toBeLessThanOrEqual(now)
            expect(Number.isInteger(time)).toBe(true)
          }
        },
      ),
    )
  })
})
