import { describe, expect, it } from 'vitest'
import { SHOWN_MESSAGE_LIMIT } from './error-text.ts'
import { shapeSummary, toSeries, WALLET_SERIES_LIMIT } from './shape.ts'

const DAYS = ['2026-11-24', '2026-11-25', '2026-11-26']

describe('summary shaping', () => {
  it('lines up each key on the days of the range, biggest first, a missing day as 0', () => {
    const series = toSeries(
      [
        { day: '2026-11-24', key: 'browser', n: 2 },
        { day: '2026-11-26', key: 'browser', n: 3 },
        { day: '2026-11-25', key: 'email', n: 1 },
        // Outside the range (a late row): not counted anywhere.
        { day: '2026-11-27', key: 'email', n: 9 },
      ],
      DAYS,
    )
    expect(series).toEqual([
      { key: 'browser', total: 5, counts: [2, 0, 3] },
      { key: 'email', total: 1, counts: [0, 1, 0] },
    ])
  })

  it(`keeps ${WALLET_SERIES_LIMIT} wallets and adds the rest up as Other`, () => {
    const rows = Array.from({ length: WALLET_SERIES_LIMIT + 2 }, (_, index) => ({
      day: DAYS[index % 3] as string,
      key: `Wallet ${index}`,
      n: 10 - index,
    }))
    const series = toSeries(rows, DAYS, WALLET_SERIES_LIMIT)
    expect(series.map((line) => line.key)).toEqual([
      ...Array.from({ length: WALLET_SERIES_LIMIT }, (_, index) => `Wallet ${index}`),
      'Other',
    ])
    // Wallets 6 (4 on day 0) and 7 (3 on day 1) make Other.
    expect(series.at(-1)).toEqual({ key: 'Other', total: 7, counts: [4, 3, 0] })
  })

  it('gives every daily line even without events, and the errors as text cut to a readable length', () => {
    const at = new Date('2026-11-26T10:00:00Z')
    const summary = shapeSummary(
      {
        events: [
          { day: '2026-11-25', key: 'CONNECT_SUCCESS', n: 3 },
          { day: '2026-11-26', key: 'CONNECT_ERROR', n: 1 },
        ],
        byMethod: [],
        byWallet: [],
        funnel: { opened: 5, chose: 4, connected: 3 },
        errorTypes: [{ event: 'CONNECT_ERROR', errorType: 'declined', n: 1 }],
        recentErrors: [
          { at, event: 'CONNECT_ERROR', errorType: 'declined', message: `<b>${'x'.repeat(1_000)}` },
        ],
      },
      DAYS,
    )
    expect(summary.daily.connects).toEqual({ key: 'CONNECT_SUCCESS', total: 3, counts: [0, 3, 0] })
    expect(summary.daily.sends).toEqual({ key: 'SEND_SUCCESS', total: 0, counts: [0, 0, 0] })
    expect(summary.funnel).toEqual({ opened: 5, chose: 4, connected: 3 })
    expect(summary.errors.recent).toEqual([
      {
        at: '2026-11-26T10:00:00.000Z',
        event: 'CONNECT_ERROR',
        errorType: 'declined',
        message: `<b>${'x'.repeat(SHOWN_MESSAGE_LIMIT - 4)}…`,
      },
    ])
  })
})
