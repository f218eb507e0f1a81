import { expect, test } from 'vitest'
import { tokenBucket } from './rate-limit.ts'

test('a burst is allowed at once, then requests at the refill rate', () => {
  let now = 0
  const bucket = tokenBucket({ burst: 3, perSecond: 2 }, () => now)
  expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false])
  now += 499
  expect(bucket.take()).toBe(false)
  now += 1
  expect(bucket.take()).toBe(true)
  expect(bucket.take()).toBe(false)
})

test('an idle socket saves up no more than its burst', () => {
  let now = 0
  const bucket = tokenBucket({ burst: 2, perSecond: 10 }, () => now)
  now += 60_000
  expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, false])
})
