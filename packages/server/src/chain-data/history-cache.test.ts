import { expect, test } from 'vitest'
import type { Database } from '../db/database.ts'
import type { ChannelHandlers } from '../db/notifications.ts'
import { announcements } from '../indexer/announce.ts'
import { watchHistoryPages } from './history-cache.ts'

const ALICE = `0x${'a'.repeat(40)}`
const BOB = `0x${'b'.repeat(40)}`

/** A page cache over a channel the test speaks on, and a loader that counts its calls. */
async function setUp(maxBytes = 1_000) {
  let channel: ChannelHandlers | undefined
  const listen: Database['listen'] = async (_name, handlers) => {
    channel = handlers
    handlers.onListening()
    return async () => {}
  }
  const pages = await watchHistoryPages(listen, 1, maxBytes)
  let loads = 0
  const read = (address: string, key = 'first', body = `${address} page ${loads + 1}`) =>
    pages.read(address, key, async () => {
      loads++
      return body
    })
  return { read, channel: () => channel as ChannelHandlers, loads: () => loads }
}

test('a page is built once and served again until its account has new activity', async () => {
  const { read, channel, loads } = await setUp()
  expect(await read(ALICE)).toBe(`${ALICE} page 1`)
  expect(await read(ALICE)).toBe(`${ALICE} page 1`)
  expect(await read(BOB)).toBe(`${BOB} page 2`)
  expect(loads()).toBe(2)

  for (const message of announcements(1, new Set([ALICE]))) channel().onMessage(message)
  expect(await read(ALICE)).toBe(`${ALICE} page 3`)
  expect(await read(BOB)).toBe(`${BOB} page 2`)
})

test("another chain's activity changes nothing; a rollback or an unknown message drops every page", async () => {
  const { read, channel, loads } = await setUp()
  await read(ALICE)
  channel().onMessage(announcements(2, new Set([ALICE]))[0] as string)
  await read(ALICE)
  expect(loads()).toBe(1)
  channel().onMessage(announcements(1, 'all')[0] as string)
  await read(ALICE)
  expect(loads()).toBe(2)
  channel().onMessage('something newer')
  await read(ALICE)
  expect(loads()).toBe(3)
})

test('nothing is served from memory while the announcements are not heard', async () => {
  const { read, channel, loads } = await setUp()
  await read(ALICE)
  channel().onLost()
  await read(ALICE)
  await read(ALICE)
  expect(loads()).toBe(3)
  channel().onListening()
  await read(ALICE)
  await read(ALICE)
  expect(loads()).toBe(4)
})

test('past the byte budget the oldest pages go first', async () => {
  const { read, loads } = await setUp(100)
  await read(ALICE, 'one', 'x'.repeat(40))
  await read(ALICE, 'two', 'y'.repeat(40))
  await read(BOB, 'one', 'z'.repeat(40))
  expect(loads()).toBe(3)
  await read(BOB, 'one')
  await read(ALICE, 'two')
  expect(loads()).toBe(3)
  await read(ALICE, 'one', 'x'.repeat(40))
  expect(loads()).toBe(4)
})

test('a page built while an announcement arrived is not kept', async () => {
  const { read, channel, loads } = await setUp()
  // The loader's answer is awaited after this synchronous code has run: the message lands mid-read.
  const reading = read(ALICE, 'first', 'stale')
  channel().onMessage(announcements(1, new Set([ALICE]))[0] as string)
  expect(await reading).toBe('stale')
  expect(await read(ALICE, 'first', 'fresh')).toBe('fresh')
  expect(loads()).toBe(2)
})

test('with no memory given, every page is built afresh and nothing listens', async () => {
  let listened = false
  const pages = await watchHistoryPages(
    async () => {
      listened = true
      return async () => {}
    },
    1,
    0,
  )
  let built = 0
  const load = async () => `page ${++built}`
  expect(await pages.read(ALICE, 'first', load)).toBe('page 1')
  expect(await pages.read(ALICE, 'first', load)).toBe('page 2')
  expect(listened).toBe(false)
})
