import { gzipSync } from 'node:zlib'
import type { Browser, Page, Response } from 'playwright-core'

export interface FirstDownload {
  /** Gzip (level 6) of each script file, summed. */
  gzip: number
  files: string[]
  /** The page, still open, for what is measured after the load; close its context when done. */
  page: Page
}

/**
 * Opens `url` in a fresh context, offline but for the page's own origin (as on a first visit whose
 * calls to the services have not come back), and adds up the JavaScript it fetched by the time the
 * network is idle: what a visitor downloads before the first click.
 */
export async function loadOffline(browser: Browser, url: string): Promise<FirstDownload> {
  const context = await browser.newContext()
  await context.route('**/*', (route) =>
    route.request().url().startsWith(url) ? route.continue() : route.abort('internetdisconnected'),
  )
  const page = await context.newPage()
  const scripts: Array<Promise<{ url: string; body: Buffer }>> = []
  const collect = (response: Response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(response.body().then((body) => ({ url: response.url(), body })))
  }
  page.on('response', collect)
  await page.goto(url, { waitUntil: 'networkidle' })
  page.off('response', collect)
  const fetched = await Promise.all(scripts)
  return {
    gzip: fetched.reduce((sum, script) => sum + gzipSync(script.body).length, 0),
    files: fetched.map((script) => new URL(script.url).pathname),
    page,
  }
}
