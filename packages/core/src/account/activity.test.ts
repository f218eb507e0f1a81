import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  activityRow,
  amountPrefix,
  counterpartyOf,
  filterTransactions,
  formatTransferAmount,
  groupTransactions,
  monthGroups,
  monthTitle,
  nativeHistoryNotice,
} from './activity.ts'
import { ALICE, BOB, nftTransfer, transaction, usdcTransfer } from './fixtures.test-support.ts'

const now = new Date(2026, 10, 22)

describe('activity list', () => {
  it('hides transactions of other chains and those whose transfers are all spam NFTs', () => {
    const list = [
      transaction('1', '2026-11-01T10:00:00Z'),
      transaction('2', '2026-11-01T10:00:00Z', { chain: 'eip155:1' }),
      transaction('3', '2026-11-01T10:00:00Z', { operationType: 'mint' }, [nftTransfer('Free Claim', true)]),
      transaction('4', '2026-11-01T10:00:00Z', { operationType: 'receive' }, [
        nftTransfer('Free Claim', true),
        nftTransfer('Orb #4', false),
      ]),
    ]
    expect(filterTransactions(list, 'eip155:31337').map((t) => t.id)).toEqual(['1', '4'])
  })

  it('groups by year and month, newest first, titled with the year only when it is not this year', () => {
    const groups = groupTransactions({}, [
      transaction('a', new Date(2026, 10, 3, 12).toISOString()),
      transaction('b', new Date(2026, 10, 20, 12).toISOString()),
      transaction('c', new Date(2025, 9, 1, 12).toISOString()),
      transaction('d', new Date(2026, 0, 5, 12).toISOString()),
    ])
    const shown = monthGroups(groups, now)
    expect(shown.map((group) => group.title)).toEqual(['November', 'January', 'October 2025'])
    expect(shown[0]?.transactions.map((t) => t.id)).toEqual(['b', 'a'])
  })

  it('does not list a transaction twice when a page repeats it', () => {
    const first = groupTransactions({}, [transaction('a', '2026-11-03T12:00:00Z')])
    const again = groupTransactions(first, [transaction('a', '2026-11-03T12:00:00Z')])
    expect(monthGroups(again, now).flatMap((group) => group.transactions)).toHaveLength(1)
  })

  it('puts every transaction exactly once in the group of its own month, newest first', () => {
    const minedAt = fc
      .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) })
      .map((ms) => new Date(ms).toISOString())
    fc.assert(
      fc.property(fc.array(minedAt, { maxLength: 40 }), fc.integer({ min: 0, max: 40 }), (dates, split) => {
        const list = dates.map((date, index) => transaction(String(index), date))
        // Two pages, the second repeating the first: nothing doubles.
        const groups = groupTransactions(groupTransactions({}, list.slice(0, split)), list)
        const shown = monthGroups(groups, now)
        expect(shown.flatMap((group) => group.transactions.map((t) => t.id)).sort()).toEqual(
          list.map((t) => t.id).sort(),
        )
        for (const group of shown) {
          const times = group.transactions.map((t) => Date.parse(t.metadata.minedAt))
          expect(times).toEqual([...times].sort((a, b) => b - a))
          for (const t of group.transactions) {
            const date = new Date(t.metadata.minedAt)
            expect(group.title).toBe(monthTitle(date.getFullYear(), date.getMonth(), now))
          }
        }
      }),
    )
  })

  it('names the month in English', () => {
    expect(monthTitle(2026, 2, now)).toBe('March')
    expect(monthTitle(2024, 11, now)).toBe('December 2024')
  })
})

describe('activity rows', () => {
  it('prefixes + for receive, deposit, borrow, claim and a minus sign for send, withdraw, repay, burn', () => {
    for (const type of ['receive', 'deposit', 'borrow', 'claim']) expect(amountPrefix(type)).toBe('+')
    for (const type of ['send', 'withdraw', 'repay', 'burn']) expect(amountPrefix(type)).toBe('\u2212')
    for (const type of ['approve', 'trade', 'mint', 'execute']) expect(amountPrefix(type)).toBe('')
  })

  it('shows the amount with at most 3 decimals, trailing zeros dropped, cut rather than rounded', () => {
    const received = transaction('r', '2026-11-01T00:00:00Z', { operationType: 'receive' }, [
      usdcTransfer('300.9999', 'in'),
    ])
    expect(activityRow(received)).toMatchObject({
      title: 'Receive',
      descriptions: ['+300.999 USDC'],
      images: ['http://s.test/usdc.svg'],
    })
    const sent = transaction('s', '2026-11-01T00:00:00Z', { operationType: 'send' }, [usdcTransfer('42.5')])
    expect(activityRow(sent).descriptions).toEqual(['−42.5 USDC'])
    const burnt = transaction('b', '2026-11-01T00:00:00Z', { operationType: 'burn' }, [usdcTransfer('7')])
    expect(activityRow(burnt).descriptions).toEqual(['−7 USDC'])
    const large = transaction('l', '2026-11-01T00:00:00Z', { operationType: 'receive' }, [
      usdcTransfer('25000'),
    ])
    expect(activityRow(large).descriptions).toEqual(['+25,000 USDC'])
  })

  it('shows a zero-decimal token as a whole number, and never more decimals than a token has', () => {
    const points = usdcTransfer('150000', 'in')
    points.quantity.decimals = 0
    if (points.fungible_info) points.fungible_info.symbol = 'POINTS'
    const received = transaction('p', '2026-11-01T00:00:00Z', { operationType: 'receive' }, [points])
    expect(activityRow(received).descriptions).toEqual(['+150,000 POINTS'])
    const cents = usdcTransfer('12.3456')
    cents.quantity.decimals = 2
    const sent = transaction('c', '2026-11-01T00:00:00Z', { operationType: 'send' }, [cents])
    expect(activityRow(sent).descriptions).toEqual(['−12.34 USDC'])
    const five = usdcTransfer('5')
    five.quantity.decimals = 0
    const whole = transaction('w', '2026-11-01T00:00:00Z', { operationType: 'send' }, [five])
    expect(activityRow(whole).descriptions).toEqual(['−5 USDC'])
  })

  it('never shows more than moved: the 3 decimals are cut from the exact amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 18 }),
        (units, decimals) => {
          const digits = units.toString().padStart(decimals + 1, '0')
          const numeric = decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits
          const shown = formatTransferAmount(usdcTransfer(numeric))
          expect(shown).toMatch(/^\d{1,3}(,\d{3})*(\.\d{0,2}[1-9])? USDC$/)
          // In thousandths of a token: exactly the floor of the true amount.
          const [whole = '', fraction = ''] = shown.replace(' USDC', '').replaceAll(',', '').split('.')
          const thousandths = BigInt(whole + fraction.padEnd(3, '0'))
          expect(thousandths).toBe((units * 1000n) / 10n ** BigInt(decimals))
        },
      ),
    )
  })

  it('names the other side of a send or receive once it has a name, as "from → to"', () => {
    const names: Record<string, string> = { [ALICE]: 'alice.portico.id', [BOB]: 'bobby.portico.id' }
    const nameOf = (address: string) => names[address]
    const received = transaction('r', '2026-11-01T00:00:00Z', { operationType: 'receive' }, [
      usdcTransfer('5', 'in'),
    ])
    expect(activityRow(received, nameOf).descriptions).toEqual(['alice.portico.id', '+5 USDC'])
    const sent = transaction('s', '2026-11-01T00:00:00Z', { operationType: 'send' }, [usdcTransfer('5')])
    expect(activityRow(sent, nameOf).descriptions).toEqual(['−5 USDC', 'bobby.portico.id'])
    expect(activityRow(sent, () => undefined).descriptions).toEqual(['−5 USDC'])
    const bare = transaction('x', '2026-11-01T00:00:00Z', { operationType: 'receive' })
    expect(
      activityRow(bare, (address) => (address === BOB ? 'bobby.portico.id' : undefined)).descriptions,
    ).toEqual([`${ALICE.slice(0, 4)}…${ALICE.slice(-6)}`, 'bobby.portico.id'])
    const minted = transaction('m', '2026-11-01T00:00:00Z', { operationType: 'mint' }, [
      usdcTransfer('5', 'in'),
    ])
    expect(counterpartyOf(minted)).toBeUndefined()
    expect(counterpartyOf(sent)).toBe(BOB)
    expect(counterpartyOf(received)).toBe(ALICE)
  })

  it('shortens sender and receiver for a send or receive without transfers; an approval names token and spender', () => {
    const bare = transaction('x', '2026-11-01T00:00:00Z', { operationType: 'receive' })
    expect(activityRow(bare).descriptions).toEqual([
      `${ALICE.slice(0, 4)}…${ALICE.slice(-6)}`,
      `${BOB.slice(0, 4)}…${BOB.slice(-6)}`,
    ])
    const approve = transaction('y', '2026-11-01T00:00:00Z', {
      operationType: 'approve',
      status: 'confirmed',
    })
    expect(activityRow(approve).descriptions).toEqual(['Approved'])
    expect(activityRow(approve, undefined, { token: 'USDC', spender: BOB }).descriptions).toEqual([
      `Approved USDC for ${BOB.slice(0, 4)}…${BOB.slice(-6)}`,
    ])
    const failed = transaction('z', '2026-11-01T00:00:00Z', { operationType: 'approve', status: 'failed' })
    expect(activityRow(failed).descriptions).toEqual(['failed'])
  })

  it('shows an NFT by name with its preview, and at most two images', () => {
    const trade = transaction('t', '2026-11-01T00:00:00Z', { operationType: 'trade' }, [
      usdcTransfer('10'),
      nftTransfer('Orb #2', false),
      nftTransfer('Orb #3', false),
    ])
    const row = activityRow(trade)
    expect(row.descriptions).toEqual(['−10 USDC', 'Orb #2'])
    const swapped = transaction('u', '2026-11-01T00:00:00Z', { operationType: 'trade' }, [
      usdcTransfer('0.1'),
      usdcTransfer('296.4125', 'in'),
    ])
    expect(activityRow(swapped).descriptions).toEqual(['−0.1 USDC', '+296.412 USDC'])
    expect(row.images).toEqual(['http://s.test/usdc.svg', 'data:image/svg+xml,Orb #2'])
  })
})

describe('what Activity cannot show', () => {
  it('names the day ETH history starts from in the given locale, the year only when not this one', () => {
    const thisYear = new Date(2026, 2, 12, 9).toISOString()
    expect(nativeHistoryNotice(thisYear, now, 'en-GB')).toBe('ETH transfers before 12 Mar are not shown')
    expect(nativeHistoryNotice(thisYear, now, 'en-US')).toBe('ETH transfers before Mar 12 are not shown')
    expect(nativeHistoryNotice(new Date(2025, 2, 12, 9).toISOString(), now, 'en-GB')).toBe(
      'ETH transfers before 12 Mar 2025 are not shown',
    )
  })

  it('says nothing when every ETH transfer is shown or the date cannot be read', () => {
    expect(nativeHistoryNotice(undefined, now)).toBeUndefined()
    expect(nativeHistoryNotice('not a date', now)).toBeUndefined()
  })
})
