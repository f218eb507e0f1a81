import { expect, test } from 'vitest'
import { describeEachBackend } from '../test-support/backends.ts'
import { newDevice } from '../test-support/device-key.ts'
import { claimPollSlot, POLL_LIMITS } from './throttle.ts'

async function statusOf(claim: Promise<void>): Promise<number> {
  return claim.then(
    () => 200,
    (error: { statusCode?: number }) => error.statusCode ?? 500,
  )
}

describeEachBackend('login polls', (backend) => {
  test('are counted per device and per IP in the database, and refused with 429 and a wait beyond the limit', async () => {
    const { database } = await backend.open()
    try {
      const { db } = database
      const one = newDevice()
      const answers: number[] = []
      for (let i = 0; i <= POLL_LIMITS.perDevicePerMinute; i++)
        answers.push(await statusOf(claimPollSlot(db, `192.0.2.${20 + (i % 2)}`, one)))
      expect(answers.slice(0, -1).every((status) => status === 200)).toBe(true)
      expect(answers.at(-1)).toBe(429)
      const refused = await claimPollSlot(db, '192.0.2.22', one).catch((error: Error) => error.message)
      expect(refused).toMatch(/^Too many login checks\. Please try again after \d+ seconds$/)

      const ip = '192.0.2.30'
      for (let i = 0; i < POLL_LIMITS.perIpPerMinute; i++)
        expect(await statusOf(claimPollSlot(db, ip, newDevice()))).toBe(200)
      expect(await statusOf(claimPollSlot(db, ip, newDevice()))).toBe(429)
    } finally {
      await database.close()
    }
  })
})
