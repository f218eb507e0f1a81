import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  type ClassifiedTransaction,
  classifyOperation,
  directionOf,
  type Movement,
  OPERATION_TYPES,
  partiesOf,
} from './operation-type.ts'

const ZERO = '0x0000000000000000000000000000000000000000'
const ME = '0x00000000000000000000000000000000000000aa'
const THEM = '0x00000000000000000000000000000000000000bb'
const TOKEN = '0x00000000000000000000000000000000000000cc'
const WETH = '0x00000000000000000000000000000000000000dd'

const tx = (movements: Movement[], extra: Partial<ClassifiedTransaction> = {}): ClassifiedTransaction => ({
  address: ME,
  txFrom: ME,
  txTo: TOKEN,
  value: 0n,
  movements,
  ...extra,
})
const erc20 = (from: string, to: string, contract = TOKEN): Movement => ({
  kind: 'erc20',
  contract,
  from,
  to,
})

describe('operation type', () => {
  test.each([
    ['send', tx([erc20(ME, THEM)])],
    ['receive', tx([erc20(THEM, ME)], { txFrom: THEM })],
    ['mint', tx([erc20(ZERO, ME)], { txFrom: THEM })],
    ['burn', tx([erc20(ME, ZERO)])],
    ['approve', tx([{ kind: 'approval', contract: TOKEN, from: ME, to: THEM }])],
    ['trade', tx([erc20(ME, THEM), erc20(THEM, ME, WETH)])],
    [
      'deposit',
      tx([{ kind: 'native', contract: null, from: ME, to: WETH }, erc20(ZERO, ME, WETH)], { value: 1n }),
    ],
    ['withdraw', tx([erc20(ME, ZERO, WETH), { kind: 'native', contract: null, from: WETH, to: ME }])],
    ['execute', tx([])],
    ['send', tx([], { txTo: THEM, value: 5n })],
    ['receive', tx([], { txFrom: THEM, txTo: ME, value: 5n })],
  ] as const)('%s', (expected, transaction) => {
    expect(classifyOperation(transaction)).toBe(expected)
  })

  const address = fc.constantFrom(ME, THEM, ZERO, TOKEN)
  const movement = fc.record({
    kind: fc.constantFrom('native', 'erc20', 'erc721', 'erc1155', 'approval') as fc.Arbitrary<
      Movement['kind']
    >,
    contract: fc.constantFrom(null, TOKEN, WETH),
    from: address,
    to: address,
  })

  test('every transaction gets one of the documented types', () => {
    fc.assert(
      fc.property(
        fc.array(movement, { maxLength: 5 }),
        fc.bigInt({ min: 0n, max: 10n }),
        address,
        (movements, value, txFrom) => {
          expect(OPERATION_TYPES).toContain(classifyOperation(tx(movements, { value, txFrom })))
        },
      ),
    )
  })

  test('one plain transfer is a send for its sender and a receive for its receiver', () => {
    const party = fc.stringMatching(/^0x[1-9a-f][0-9a-f]{39}$/)
    fc.assert(
      fc.property(
        party,
        party,
        fc.constantFrom('native', 'erc20', 'erc721') as fc.Arbitrary<Movement['kind']>,
        (from, to, kind) => {
          fc.pre(from !== to)
          const moved: Movement = { kind, contract: kind === 'native' ? null : TOKEN, from, to }
          expect(
            classifyOperation({ address: from, txFrom: from, txTo: to, value: 0n, movements: [moved] }),
          ).toBe('send')
          expect(
            classifyOperation({ address: to, txFrom: from, txTo: to, value: 0n, movements: [moved] }),
          ).toBe('receive')
          expect(directionOf(from, moved)).toBe('out')
          expect(directionOf(to, moved)).toBe('in')
        },
      ),
    )
  })

  test('a transfer to oneself is a self transfer, and a send', () => {
    expect(directionOf(ME, erc20(ME, ME))).toBe('self')
    expect(classifyOperation(tx([erc20(ME, ME)]))).toBe('send')
  })
})

describe('who sent and who received', () => {
  const BUNDLER = '0x00000000000000000000000000000000000000ee'
  const ENTRY_POINT = '0x00000000000000000000000000000000000000ff'
  const inHandleOps = (movements: Movement[]) => tx(movements, { txFrom: BUNDLER, txTo: ENTRY_POINT })

  test("the account's own transaction: its sender and recipient, as before", () => {
    const own = tx([erc20(ME, THEM)])
    expect(partiesOf(own, classifyOperation(own))).toEqual({ from: ME, to: TOKEN })
  })

  test("a smart account's transfer inside the bundler's handleOps names the account and the other side", () => {
    const sent = inHandleOps([erc20(ME, THEM)])
    expect(classifyOperation(sent)).toBe('send')
    expect(partiesOf(sent, 'send')).toEqual({ from: ME, to: THEM })
    const received = inHandleOps([erc20(THEM, ME)])
    expect(classifyOperation(received)).toBe('receive')
    expect(partiesOf(received, 'receive')).toEqual({ from: THEM, to: ENTRY_POINT })
    // A batch of several transfers has no one counterparty: the transaction's own parties stay.
    const batch = inHandleOps([erc20(ME, THEM), erc20(ME, WETH)])
    expect(partiesOf(batch, classifyOperation(batch))).toEqual({ from: BUNDLER, to: ENTRY_POINT })
  })
})
