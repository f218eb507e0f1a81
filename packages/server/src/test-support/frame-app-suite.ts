import { afterAll, beforeAll } from 'vitest'
import type { Backend, TestDatabase } from './backends.ts'
import { type FrameApp, startFrameApp } from './frame-call.ts'

/**
 * For a suite of describeEachBackend: `startFrameApp` on a fresh database of `backend`, opened
 * before the suite's tests and closed after them; read its fields in hooks and tests only.
 */
export function frameAppForSuite(backend: Backend): FrameApp {
  const suite = {} as FrameApp
  let testDb: TestDatabase | undefined
  beforeAll(async () => {
    testDb = await backend.open()
    Object.assign(suite, await startFrameApp(testDb.database))
  })
  afterAll(async () => {
    await suite.close?.()
    await testDb?.dispose()
  })
  return suite
}
