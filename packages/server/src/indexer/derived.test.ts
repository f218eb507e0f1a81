import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { DecodedBlocks } from './decode.ts'
import { accountActivity, balanceDeltas } from './derived.ts'

const ZERO = '0x0000000000000000000000000000000000000000'
const A = '0x00000000000000000000000000000000000000aa'
const B = '0x00000000000000000000000000000000000000bb'
const T = '0x00000000000000000000000000000000000000cc'

describe('balanceDeltas', () => {
  const transfer = fc.record({
    kind: fc.constant('erc20' as const),
    contract: fc.constant(T),
    from_address: fc.constantFrom(ZERO, A, B),
    to_address: fc.constantFrom(A, B),
    amount: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }).map(String),
  })

  test('transfers move value without creating any, and rolling them back cancels them exactly', () => {
    fc.assert(
      fc.property(fc.array(transfer, { maxLength: 20 }), (events) => {
        const applied = balanceDeltas(events)
        expect([...applied.values()].reduce((sum, delta) => sum + delta, 0n)).toBe(0n)
        const reverted = balanceDeltas(events, -1n)
        for (const [key, delta] of applied) expect((reverted.get(key) ?? 0n) + delta).toBe(0n)
      }),
    )
  })

  test('only ERC-20 transfers count', () => {
    expect(
      balanceDeltas([
        { kind: 'erc721', contract: T, from_address: A, to_address: B, amount: '1' },
        { kind: 'approval', contract: T, from_address: A, to_address: B, amount: '5' },
        { kind: 'native', contract: null, from_address: A, to_address: B, amount: '5' },
      ]),
    ).toEqual(new Map())
  })
})

describe('accountActivity', () => {
  test('one row per account and transaction, the zero address left out', () => {
    const decoded: DecodedBlocks = {
      transactions: [
        {
          hash: '0x1',
          block_number: 7,
          tx_index: 2,
          from_address: A,
          to_address: T,
          value: '0',
          nonce: 0,
          status: 'confirmed',
          mined_at: new Date(0),
        },
      ],
      events: [
        {
          tx_hash: '0x1',
          block_number: 7,
          tx_index: 2,
          log_index: 0,
          sub_index: 0,
          kind: 'erc20',
          contract: T,
          from_address: A,
          to_address: B,
          token_id: null,
          amount: '1',
        },
        {
          tx_hash: '0x1',
          block_number: 7,
          tx_index: 2,
          log_index: 1,
          sub_index: 0,
          kind: 'erc20',
          contract: T,
          from_address: ZERO,
          to_address: B,
          token_id: null,
          amount: '1',
        },
      ],
      tokens: new Map(),
    }
    expect(
      accountActivity(1, decoded)
        .map((row) => row.address)
        .sort(),
    ).toEqual([A, B, T].sort())
    expect(accountActivity(1, decoded)[0]).toEqual({
      chain_id: 1,
      address: A,
      block_number: 7,
      tx_index: 2,
      tx_hash: '0x1',
    })
  })
})
