import { describe, expect, test } from 'vitest'
import type { DecodedBlocks } from './decode.ts'
import { accountActivity } from './derived.ts'

const ZERO = '0x0000000000000000000000000000000000000000'
const A = '0x00000000000000000000000000000000000000aa'
const B = '0x00000000000000000000000000000000000000bb'
const T = '0x00000000000000000000000000000000000000cc'

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
