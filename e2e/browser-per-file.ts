import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { launchChromium } from './browser.ts'

/** One Chromium for the test file that calls this; the contexts each test opened close after it. */
export function browserPerFile() {
  let browser: Browser | undefined
  const contexts: BrowserContext[] = []
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return {
    async newContext(options?: BrowserContextOptions): Promise<BrowserContext> {
      if (!browser) throw new Error('Chromium is not running yet')
      const context = await browser.newContext(options)
      contexts.push(context)
      return context
    },
  }
}
