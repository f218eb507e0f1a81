import { expect, test } from 'vitest'
import type { Database } from '../db/database.ts'
import type { ChannelHandlers } from '../db/notifications.ts'
import { announcements } from '../indexer/announce.ts'
import type { Balance } from './answers.ts'
import { watchRecentBalances } from './balance-cache.ts'

const ALICE = `0x${'a'.repeat(40)}`
const BOB = `0x${'b'.repeat(40)}`

/** Balances kept over a channel the test speaks on; each load answers how many loads came before. */
async function setUp(ttlMs = 60_000) {
  let channel: ChannelHandlers | undefined
  const listen: Database['listen'] = async (_name, handlers) => {
    channel = handlers
    handlers.onListening()
    return async () => {}
  }
  const recent = await watchRecentBalances(listen, 1, ttlMs)
  let loads = 0
  const read = async (address: string, fresh = false) =>
    (
      await recent.read(address, fresh, async () => {
        loads++
        return [{ symbol: `${address} read ${loads}` } as Balance]
      })
    )[0]?.symbol
  return { read, channel: () => channel as ChannelHandlers, loads: () => loads }
}

test('an account is read once and answered again until forceUpdate or its announced activity', async () => {
  const { read, channel } = await setUp()
  expect(await read(ALICE)).toBe(`${ALICE} read 1`)
  expect(await read(ALICE)).toBe(`${ALICE} read 1`)
  expect(await read(BOB)).toBe(`${BOB} read 2`)
  expect(await read(ALICE, true)).toBe(`${ALICE} read 3`)
  expect(await read(ALICE)).toBe(`${ALICE} read 3`)

  for (const message of announcements(1, new Set([ALICE]))) channel().onMessage(message)
  expect(await read(ALICE)).toBe(`${ALICE} read 4`)
  expect(await read(BOB)).toBe(`${BOB} read 2`)
  channel().onMessage(announcements(2, new Set([BOB]))[0] as string)
  expect(await read(BOB)).toBe(`${BOB} read 2`)
  channel().onMessage(announcements(1, 'all')[0] as string)
  expect(await read(BOB)).toBe(`${BOB} read 5`)
})

test('nothing is answered from memory while the announcements are not heard, nor with a ttl of 0', async () => {
  const { read, channel, loads } = await setUp()
  await read(ALICE)
  channel().onLost()
  await read(ALICE)
  await read(ALICE)
  expect(loads()).toBe(3)

  const uncached = await setUp(0)
  await uncached.read(ALICE)
  await uncached.read(ALICE)
  expect(uncached.loads()).toBe(2)
})

test('a read that failed (the node was away) is not kept: the next ask reads again', async () => {
  let channel: ChannelHandlers | undefined
  const listen: Database['listen'] = async (_name, handlers) => {
    channel = handlers
    handlers.onListening()
    return async () => {}
  }
  const recent = await watchRecentBalances(listen, 1, 60_000)
  expect(channel).toBeDefined()
  await expect(recent.read(ALICE, false, () => Promise.reject(new Error('node away')))).rejects.toThrow(
    'node away',
  )
  expect(await recent.read(ALICE, false, async () => [])).toEqual([])
})
