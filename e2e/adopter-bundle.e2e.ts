import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exampleDir } from '../scripts/examples-dir.ts'
import { launchChromium } from './browser.ts'
import { loadOffline } from './first-download.ts'
import { type StaticSite, serveStatic } from './static-server.ts'

/**
 * Portico's weight in an adopter's own build: examples/vite as `npm run examples` builds it
 * from the packed packages with Vite's default configuration, against the same page without Portico
 * built beside it. The bytes are deterministic, so the budget is a test; the timings are in
 * `npm run bench:adopter`.
 */
const SHARE_BUDGET = 45_000
const folder = exampleDir('vite')
const builds = { without: join(folder, 'dist-baseline'), portico: join(folder, 'dist') }

let browser: Browser
let sites: { without: StaticSite; portico: StaticSite }

beforeAll(async () => {
  for (const dir of Object.values(builds))
    if (!existsSync(join(dir, 'index.html')))
      throw new Error(`${dir} is missing — run npm run examples first`)
  sites = { without: await serveStatic(builds.without), portico: await serveStatic(builds.portico) }
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await sites?.without.close()
  await sites?.portico.close()
})

describe("Portico in an adopter's default Vite build", () => {
  it(`adds at most ${SHARE_BUDGET / 1000} kB of gzipped JS to the download before the first click`, async () => {
    const without = await loadOffline(browser, sites.without.url)
    const portico = await loadOffline(browser, sites.portico.url)
    const share = portico.gzip - without.gzip
    console.log(
      `adopter page: ${without.gzip} B without Portico (${without.files.length} file), ${portico.gzip} B with (${portico.files.length} files): share ${share} B`,
    )
    // The pages really differ by Portico: its Connect button is there, the baseline's is plain.
    expect(await portico.page.getByRole('button', { name: 'Connect Wallet' }).count()).toBe(1)
    expect(share).toBeGreaterThan(10_000)
    expect(share).toBeLessThanOrEqual(SHARE_BUDGET)
    await without.page.context().close()
    await portico.page.context().close()
  })

  it('fetches the Connect view as the pointer reaches the button: the click has no view code left to fetch', async () => {
    const portico = await loadOffline(browser, sites.portico.url)
    const fetched: string[] = []
    let pending = 0
    portico.page.on('request', (request) => {
      if (request.resourceType() !== 'script') return
      fetched.push(new URL(request.url()).pathname)
      pending += 1
    })
    const settled = () => {
      pending -= 1
    }
    portico.page.on('requestfinished', settled)
    portico.page.on('requestfailed', settled)
    const button = portico.page.getByRole('button', { name: 'Connect Wallet' })
    await button.hover()
    await expect.poll(() => fetched.some((file) => /\/Connect-/.test(file)) && pending === 0).toBe(true)
    const beforeClick = fetched.length
    await button.click()
    await expect
      .poll(() => portico.page.getByRole('dialog').getByRole('heading').textContent())
      .toBe('Connect Wallet')
    await expect.poll(() => portico.page.getByRole('textbox', { name: 'Email' }).count()).toBe(1)
    // Only the secure frame's client, which the e-mail field starts loading as soon as it is shown
    // so that typing an address never waits for it, the analytics client (with the services
    // client it shares with the account data), which MODAL_OPEN starts loading once the modal is
    // open, the wallet list's request, which Connect's recommended rows need, and the social
    // providers' marks, which follow Connect's first paint (the buttons carry the names), and what
    // follows it too: the e-mail field's submit and count down, and what the services' list adds to
    // the wallets (its rows, All wallets, the no-wallet advice, the failure card); no view's code.
    expect(
      fetched
        .slice(beforeClick)
        .filter(
          (file) =>
            !/\/(frame-client|analytics-client|http-client|wallet-list|SocialIcon|send-code|use-cooldown|listed-wallets|rows|icons|Unavailable)-/.test(
              file,
            ),
        ),
    ).toEqual([])
    expect(portico.files.some((file) => /WalletSend|WalletReceive|Account-/.test(file))).toBe(false)
    await portico.page.context().close()
  })
})
