import { describe, expect, it } from 'vitest'
import { MAX_RANGE_DAYS, resolveDayRange } from './range.ts'

const NOW = new Date('2026-11-26T08:30:00Z')

describe('the summary day range', () => {
  it('is the last 7 UTC days, today included, when nothing is chosen', () => {
    const range = resolveDayRange(undefined, undefined, NOW)
    expect(range).toMatchObject({ ok: true, from: '2026-11-20', to: '2026-11-26' })
    if (!range.ok) return
    expect(range.days).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
    ])
    expect(range.start.toISOString()).toBe('2026-11-20T00:00:00.000Z')
    expect(range.end.toISOString()).toBe('2026-11-27T00:00:00.000Z')
  })

  it('takes the week before a chosen end, and one day when both ends are the same', () => {
    expect(resolveDayRange(undefined, '2026-03-02', NOW)).toMatchObject({
      from: '2026-02-24',
      to: '2026-03-02',
    })
    const one = resolveDayRange('2026-01-01', '2026-01-01', NOW)
    expect(one.ok && one.days).toEqual(['2026-01-01'])
  })

  it(`covers at most ${MAX_RANGE_DAYS} days, a leap year whole`, () => {
    const leap = resolveDayRange('2024-01-01', '2024-12-31', NOW)
    expect(leap.ok && leap.days.length).toBe(366)
    expect(resolveDayRange('2024-01-01', '2025-01-01', NOW)).toEqual({
      ok: false,
      field: 'to',
      message: 'the range must be at most 366 days',
    })
  })

  it.each([
    ['2026-02-30', '2026-03-01', 'from', 'must be a day as YYYY-MM-DD'],
    ['yesterday', undefined, 'from', 'must be a day as YYYY-MM-DD'],
    ['2026-01-01', '2026-1-5', 'to', 'must be a day as YYYY-MM-DD'],
    ['2026-01-05', '2026-01-04', 'to', 'must not be before from'],
  ])('refuses from=%s to=%s naming %s', (from, to, field, message) => {
    expect(resolveDayRange(from, to, NOW)).toEqual({ ok: false, field, message })
  })
})
