import type { Page } from 'playwright-core'

/**
 * As on a slow connection: requests whose URL matches `pattern` wait until the returned release is
 * called, then go through.
 */
export async function holdRequests(page: Page, pattern: RegExp): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(pattern, async (route) => {
    await held
    await route.continue()
  })
  return release
}
