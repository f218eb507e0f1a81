import { encodeAbiParameters, type Hex, pad } from 'viem'
import { describe, expect, test } from 'vitest'
import {
  APPROVAL,
  APPROVAL_FOR_ALL,
  decodeBlocks,
  decodeLog,
  type FetchedBlock,
  TRANSFER,
  TRANSFER_BATCH,
  TRANSFER_SINGLE,
} from './decode.ts'
import { accountActivity } from './derived.ts'
import { decodeDataUri } from './metadata.ts'

const A = '0x00000000000000000000000000000000000000Aa' as Hex
const B = '0x00000000000000000000000000000000000000bB' as Hex
const TOKEN = '0x00000000000000000000000000000000000000CC' as Hex
const topic = (address: Hex) => pad(address.toLowerCase() as Hex)
const amount = (value: bigint) => encodeAbiParameters([{ type: 'uint256' }], [value])
const log = (topics: Hex[], data: Hex = '0x') => ({ address: TOKEN, topics, data, logIndex: 3 })
const flag = (value: bigint) => pad(`0x${value.toString(16)}` as Hex)
const a = A.toLowerCase()
const b = B.toLowerCase()

describe('decodeLog', () => {
  test('an ERC-20 Transfer has its amount in data', () => {
    expect(decodeLog(log([TRANSFER, topic(A), topic(B)], amount(10n ** 30n)))).toEqual([
      {
        contract: TOKEN.toLowerCase(),
        log_index: 3,
        sub_index: 0,
        kind: 'erc20',
        from_address: a,
        to_address: b,
        token_id: null,
        amount: (10n ** 30n).toString(),
      },
    ])
  })

  test('an ERC-721 Transfer has its token id as a fourth topic', () => {
    expect(decodeLog(log([TRANSFER, topic(A), topic(B), pad('0x07')]))).toMatchObject([
      { kind: 'erc721', token_id: '7', amount: '1', from_address: a, to_address: b },
    ])
  })

  test('Approvals of both standards', () => {
    expect(decodeLog(log([APPROVAL, topic(A), topic(B)], amount(5n)))).toMatchObject([
      { kind: 'approval', amount: '5', token_id: null },
    ])
    expect(decodeLog(log([APPROVAL, topic(A), topic(B), pad('0x02')]))).toMatchObject([
      { kind: 'approval', token_id: '2' },
    ])
  })

  test('ApprovalForAll is an approval from the owner to the operator, granted (1) or revoked (0)', () => {
    const row = {
      contract: TOKEN.toLowerCase(),
      log_index: 3,
      sub_index: 0,
      kind: 'approval',
      from_address: a,
      to_address: b,
      token_id: null,
    }
    expect(decodeLog(log([APPROVAL_FOR_ALL, topic(A), topic(B)], flag(1n)))).toEqual([
      { ...row, amount: '1' },
    ])
    expect(decodeLog(log([APPROVAL_FOR_ALL, topic(A), topic(B)], flag(0n)))).toEqual([
      { ...row, amount: '0' },
    ])
  })

  test('ERC-1155 single and batch transfers, one row per id', () => {
    const operator = topic(A)
    const single = encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [9n, 4n])
    expect(decodeLog(log([TRANSFER_SINGLE, operator, topic(A), topic(B)], single))).toMatchObject([
      { kind: 'erc1155', token_id: '9', amount: '4', sub_index: 0 },
    ])
    const batch = encodeAbiParameters(
      [{ type: 'uint256[]' }, { type: 'uint256[]' }],
      [
        [1n, 2n],
        [10n, 20n],
      ],
    )
    expect(decodeLog(log([TRANSFER_BATCH, operator, topic(A), topic(B)], batch))).toMatchObject([
      { token_id: '1', amount: '10', sub_index: 0 },
      { token_id: '2', amount: '20', sub_index: 1 },
    ])
  })

  test('logs that do not fit their signature are skipped, not fatal', () => {
    expect(decodeLog(log([TRANSFER, topic(A)], amount(1n)))).toEqual([])
    expect(decodeLog(log([TRANSFER, topic(A), topic(B)], '0x1234'))).toEqual([])
    expect(decodeLog(log([TRANSFER, `0x${'f'.repeat(64)}`, topic(B)], amount(1n)))).toEqual([])
    expect(decodeLog(log([TRANSFER_BATCH, topic(A), topic(A), topic(B)], '0xdead'))).toEqual([])
    expect(decodeLog(log([APPROVAL_FOR_ALL, topic(A), topic(B)], flag(2n)))).toEqual([])
    expect(decodeLog(log([APPROVAL_FOR_ALL, topic(A), topic(B)], '0x01'))).toEqual([])
    expect(decodeLog(log([APPROVAL_FOR_ALL, topic(A), topic(B), flag(1n)]))).toEqual([])
    expect(decodeLog(log([APPROVAL_FOR_ALL, topic(A), `0x${'f'.repeat(64)}`], flag(1n)))).toEqual([])
  })
})

describe('decodeBlocks', () => {
  const block = (status: 'confirmed' | 'failed', value: bigint): FetchedBlock => ({
    number: 5,
    hash: '0x01',
    parentHash: '0x00',
    timestamp: 1_700_000_000,
    transactions: [
      {
        hash: '0xabc',
        from: A,
        to: B,
        value,
        nonce: 1,
        transactionIndex: 0,
        status,
        logs: status === 'failed' ? [] : [log([TRANSFER, topic(A), topic(B)], amount(3n))],
      },
    ],
  })

  test('a successful transaction with value is a native transfer; its token logs are rows too', () => {
    const decoded = decodeBlocks([block('confirmed', 2n)])
    expect(decoded.transactions).toMatchObject([
      { hash: '0xabc', status: 'confirmed', from_address: a, value: '2' },
    ])
    expect(decoded.events.map((event) => [event.kind, event.log_index])).toEqual([
      ['native', -1],
      ['erc20', 3],
    ])
    expect(decoded.tokens).toEqual(new Map([[TOKEN.toLowerCase(), 'erc20']]))
  })

  test('an ApprovalForAll lists its transaction for owner and operator, and leaves the standard to the transfers', () => {
    const calling = (logs: ReturnType<typeof log>[]): FetchedBlock[] => [
      {
        ...block('confirmed', 0n),
        transactions: [
          {
            hash: '0xabc',
            from: A,
            to: TOKEN,
            value: 0n,
            nonce: 1,
            transactionIndex: 0,
            status: 'confirmed',
            logs,
          },
        ],
      },
    ]
    const approval = log([APPROVAL_FOR_ALL, topic(A), topic(B)], flag(1n))
    const alone = decodeBlocks(calling([approval]))
    expect(alone.tokens).toEqual(new Map())
    expect(accountActivity(1, alone).map((row) => row.address)).toEqual([a, TOKEN.toLowerCase(), b])

    const single = encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [9n, 4n])
    const mint = log([TRANSFER_SINGLE, topic(A), pad('0x00'), topic(B)], single)
    expect(decodeBlocks(calling([approval, mint])).tokens).toEqual(
      new Map([[TOKEN.toLowerCase(), 'erc1155']]),
    )
  })

  test('a failed transaction is kept, but moved nothing', () => {
    const decoded = decodeBlocks([block('failed', 2n)])
    expect(decoded.transactions).toMatchObject([{ status: 'failed' }])
    expect(decoded.events).toEqual([])
  })
})

describe('token URI data', () => {
  test('base64 and percent-encoded data: URIs', () => {
    const json = '{"name":"Orb #1","image":"data:image/svg+xml;base64,PHN2Zz4="}'
    expect(decodeDataUri(`data:application/json;base64,${Buffer.from(json).toString('base64')}`)).toBe(json)
    expect(decodeDataUri(`data:application/json,${encodeURIComponent(json)}`)).toBe(json)
    expect(() => decodeDataUri('data:application/json')).toThrow(/Malformed/)
  })
})
