import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { HttpError } from '../http/errors.ts'
import { decodeCursor, encodeCursor, HistoryCursor, MAX_TX_INDEX, NftCursor } from './cursor.ts'

const history = fc.record({ b: fc.nat({ max: Number.MAX_SAFE_INTEGER }), i: fc.nat({ max: MAX_TX_INDEX }) })
const nft = fc.record({
  c: fc.stringMatching(/^0x[0-9a-f]{40}$/),
  t: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }).map(String),
})

describe('page cursors', () => {
  test('a cursor this server hands out decodes to the same position', () => {
    fc.assert(
      fc.property(history, (position) => {
        expect(decodeCursor(HistoryCursor, encodeCursor(position))).toEqual(position)
      }),
    )
    fc.assert(
      fc.property(nft, (position) => {
        expect(decodeCursor(NftCursor, encodeCursor(position))).toEqual(position)
      }),
    )
  })

  test('any other string is refused as a 400 naming the cursor, never another error', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (raw) => {
        try {
          decodeCursor(HistoryCursor, raw)
        } catch (error) {
          expect(error).toBeInstanceOf(HttpError)
          expect(error).toMatchObject({ statusCode: 400, message: expect.stringMatching(/Invalid cursor/) })
        }
      }),
    )
  })

  test('well-formed JSON with out-of-range or extra fields is refused', () => {
    for (const forged of [
      { b: -1, i: 0 },
      { b: 1, i: MAX_TX_INDEX + 1 },
      { b: 1.5, i: 0 },
      { b: 1, i: 0, x: 1 },
      { b: '1', i: 0 },
    ]) {
      expect(() => decodeCursor(HistoryCursor, encodeCursor(forged as never))).toThrow(/Invalid cursor/)
    }
    expect(() => decodeCursor(NftCursor, encodeCursor({ c: '0xABC', t: '1' }))).toThrow(/Invalid cursor/)
    expect(() => decodeCursor(HistoryCursor, 'A'.repeat(257))).toThrow(/Invalid cursor/)
  })
})
