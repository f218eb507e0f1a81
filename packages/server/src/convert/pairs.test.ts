import type { Address, PublicClient } from 'viem'
import { zeroAddress } from 'viem'
import { expect, it } from 'vitest'
import { ABSENT_PAIR_TTL_MS, PairBook } from './pairs.ts'

const FACTORY = '0x00000000000000000000000000000000000000ff'
const A = '0x000000000000000000000000000000000000000a'
const B = '0x000000000000000000000000000000000000000b'
const PAIR = '0x00000000000000000000000000000000000000aB'

/** A factory that answers from `pairs` and counts the questions. */
function fakeFactory(pairs: Map<string, Address>) {
  const asked: string[] = []
  const client = {
    readContract: async ({ args }: { args: [Address, Address] }) => {
      asked.push(args.join('/'))
      return pairs.get([...args].sort().join('/')) ?? zeroAddress
    },
  } as unknown as PublicClient
  return { client, asked }
}

it('keeps a found pair for good, whichever way round it is asked for', async () => {
  const { client, asked } = fakeFactory(new Map([[`${A}/${B}`, PAIR]]))
  const book = new PairBook(client, FACTORY)
  expect(await book.pairOf(A, B)).toBe('0x00000000000000000000000000000000000000AB')
  expect(await book.pairOf(B, A)).toBe('0x00000000000000000000000000000000000000AB')
  expect(asked).toHaveLength(1)
})

it('asks about a missing pair again once ABSENT_PAIR_TTL_MS has passed', async () => {
  const pairs = new Map<string, Address>()
  const { client, asked } = fakeFactory(pairs)
  let now = 0
  const book = new PairBook(client, FACTORY, () => now)
  expect(await book.pairOf(A, B)).toBeUndefined()
  pairs.set(`${A}/${B}`, PAIR)
  now = ABSENT_PAIR_TTL_MS - 1
  expect(await book.pairOf(A, B)).toBeUndefined()
  now = ABSENT_PAIR_TTL_MS
  expect(await book.pairOf(A, B)).toBe('0x00000000000000000000000000000000000000AB')
  expect(asked).toHaveLength(2)
})
