import { afterEach, expect, test, vi } from 'vitest'
import type { Database } from '../db/database.ts'
import type { ChannelHandlers } from '../db/notifications.ts'
import { MAX_AGE_MS, watchProjects } from './cache.ts'
import type { Project } from './repository.ts'

const ID = 'a'.repeat(32)

/** A database whose only behaviour is the announcements the test sends, and a counted loader. */
async function setUp() {
  let handlers: ChannelHandlers | undefined
  let stored: Project | undefined = project(['https://one.example'])
  let loads = 0
  const listen: Database['listen'] = async (_channel, given) => {
    handlers = given
    given.onListening()
    return async () => {}
  }
  const cache = await watchProjects(listen, async () => {
    loads++
    return stored
  })
  return {
    cache,
    channel: () => handlers as ChannelHandlers,
    store: (next: Project | undefined) => {
      stored = next
    },
    loads: () => loads,
  }
}

function project(origins: string[]): Project {
  return { id: ID, name: 'Shop', analyticsEnabled: true, createdAt: new Date(0), origins }
}

test('a project is read once and then served from memory until it changes', async () => {
  const { cache, channel, store, loads } = await setUp()
  expect((await cache.get(ID))?.origins).toEqual(['https://one.example'])
  expect((await cache.get(ID))?.origins).toEqual(['https://one.example'])
  expect(loads()).toBe(1)

  store(project(['https://two.example']))
  channel().onMessage(ID)
  expect((await cache.get(ID))?.origins).toEqual(['https://two.example'])
  expect(loads()).toBe(2)
})

test('an unknown project is asked for every time, so one created a moment later works at once', async () => {
  const { cache, store, loads } = await setUp()
  store(undefined)
  expect(await cache.get(ID)).toBeUndefined()
  store(project([]))
  expect(await cache.get(ID)).toBeDefined()
  expect(loads()).toBe(2)
})

test('while the announcements are down, every request reads the database', async () => {
  const { cache, channel, store, loads } = await setUp()
  await cache.get(ID)
  channel().onLost()
  store(project(['https://changed.example']))
  expect((await cache.get(ID))?.origins).toEqual(['https://changed.example'])
  expect((await cache.get(ID))?.origins).toEqual(['https://changed.example'])
  expect(loads()).toBe(3)

  channel().onListening()
  await cache.get(ID)
  await cache.get(ID)
  expect(loads()).toBe(4)
})

test('a read that overlaps a change does not keep what it read', async () => {
  const { cache, channel, store, loads } = await setUp()
  const reading = cache.get(ID)
  channel().onMessage(ID)
  expect((await reading)?.origins).toEqual(['https://one.example'])
  store(project(['https://two.example']))
  expect((await cache.get(ID))?.origins).toEqual(['https://two.example'])
  expect(loads()).toBe(2)
})

afterEach(() => {
  vi.useRealTimers()
})

test('no entry is served past its maximum age, even while the channel says nothing changed', async () => {
  vi.useFakeTimers({ toFake: ['performance'] })
  const { cache, store, loads } = await setUp()
  await cache.get(ID)
  store(project([]))
  vi.advanceTimersByTime(MAX_AGE_MS - 1)
  expect((await cache.get(ID))?.origins).toEqual(['https://one.example'])
  vi.advanceTimersByTime(1)
  expect((await cache.get(ID))?.origins).toEqual([])
  expect(loads()).toBe(2)
})
