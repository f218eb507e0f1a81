import { expect, test } from 'vitest'
import { announcements, readAnnouncement } from './announce.ts'

const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`

test('a batch names the accounts it touched, read back as sent', () => {
  const messages = announcements(31337, new Set([address(1), address(2)]))
  expect(messages).toHaveLength(1)
  expect(readAnnouncement(messages[0] as string)).toEqual({
    chainId: 31337,
    addresses: [address(1), address(2)],
  })
})

test('many accounts are split into payloads Postgres accepts, and nothing is lost', () => {
  const touched = new Set(Array.from({ length: 1_000 }, (_, n) => address(n)))
  const messages = announcements(1, touched)
  for (const message of messages) expect(Buffer.byteLength(message)).toBeLessThan(8_000)
  const read = messages.flatMap((message) => readAnnouncement(message)?.addresses ?? [])
  expect(new Set(read)).toEqual(touched)
})

test('a rollback or a huge batch says everything changed', () => {
  expect(announcements(5, 'all')).toEqual(['5:*'])
  const huge = new Set(Array.from({ length: 5_000 }, (_, n) => address(n)))
  expect(announcements(5, huge)).toEqual(['5:*'])
  expect(readAnnouncement('5:*')).toEqual({ chainId: 5, addresses: 'all' })
})

test('a payload in another shape is not understood', () => {
  expect(readAnnouncement('')).toBeUndefined()
  expect(readAnnouncement('1:0xABC')).toBeUndefined()
  expect(readAnnouncement(`x:${address(1)}`)).toBeUndefined()
})
