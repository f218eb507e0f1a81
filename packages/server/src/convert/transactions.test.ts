import { expect, it } from 'vitest'
import { minimumOut } from './transactions.ts'

it('takes the slippage off the quote in basis points, rounding down', () => {
  expect(minimumOut(1_000_000n, 1)).toBe(990_000n)
  expect(minimumOut(1_000_000n, 0)).toBe(1_000_000n)
  expect(minimumOut(1_000_000n, 50)).toBe(500_000n)
  expect(minimumOut(1_000_000n, 0.25)).toBe(997_500n)
  expect(minimumOut(999n, 1)).toBe(989n)
})
