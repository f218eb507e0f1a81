import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { launchChromium } from './browser.ts'
import { codeIn, lastMailId, mailFor, poll } from './mailbox.ts'

const stack = inject('stack')
let browser: Browser
let context: BrowserContext
let page: Page
let foreign: Server
let foreignUrl: string

/**
 * A page on an origin the project does not allow, embedding the real frame and talking to it as
 * soon as it can: on the ready signal, and again once the iframe has loaded whatever it got.
 */
const FOREIGN_PAGE = (email: string) => `<!doctype html><html><body><script>
window.replies = []
window.frameLoaded = false
const frame = document.createElement('iframe')
frame.src = ${JSON.stringify(`${stack.servicesUrl}/frame?projectId=${stack.projectId}&chainId=${stack.chainId}`)}
const ask = () => {
  for (const [id, type, payload] of [['1', 'CONNECT_EMAIL', { email: ${JSON.stringify(email)} }], ['2', 'GET_USER', {}], ['3', 'RPC_REQUEST', { method: 'eth_accounts' }]])
    frame.contentWindow.postMessage({ id, type, payload }, '*')
}
addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow) return
  if (event.data?.type === 'FRAME_READY') ask()
  else window.replies.push(event.data)
})
frame.addEventListener('load', () => {
  window.frameLoaded = true
  ask()
})
document.body.append(frame)
</script></body></html>`

beforeAll(async () => {
  browser = await launchChromium()
  foreign = createServer((request, response) => {
    const email = new URL(request.url ?? '/', 'http://x').searchParams.get('email') ?? ''
    response.writeHead(200, { 'content-type': 'text/html' }).end(FOREIGN_PAGE(email))
  })
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve))
  foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`
})
afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => foreign?.close(resolve))
})
beforeEach(async () => {
  await context?.close()
  context = await browser.newContext()
  page = await context.newPage()
})

const dialog = () => page.getByRole('dialog')

async function openOtp(email: string) {
  await page.goto(`${stack.pageUrl}/?signIn=off`)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await dialog().getByRole('textbox', { name: 'Email' }).fill(email)
  await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
}

describe('secure frame security', () => {
  it('is not shown inside a page on a foreign origin at all (frame-ancestors), and sends no mail', async () => {
    const email = `foreign-${Date.now()}@example.com`
    const before = await lastMailId(stack.servicesUrl)
    await page.goto(`${foreignUrl}?email=${encodeURIComponent(email)}`)
    await poll(() => page.evaluate(() => (window as unknown as { frameLoaded: boolean }).frameLoaded)).toBe(
      true,
    )
    // The browser refused to put the services' document in the foreign page: no frame of the
    // services' origin exists there, so nothing could answer the page's messages.
    const servicesOrigin = new URL(stack.servicesUrl).origin
    const origins = page.frames().map((frame) => frame.url())
    expect(origins.filter((url) => url.startsWith(servicesOrigin))).toEqual([])
    expect(await page.evaluate(() => (window as unknown as { replies: unknown[] }).replies)).toEqual([])
    const { messages } = (await (await fetch(`${stack.servicesUrl}/dev/mailbox.json`)).json()) as {
      messages: { id: number; to: string[] }[]
    }
    expect(messages.filter((mail) => mail.id > before && mail.to.includes(email))).toEqual([])
  })

  it('ignores a forged answer posted by another window, even one on the services origin', async () => {
    // Note the id of the pending request as the real frame receives it, so the forgery can reuse it.
    await context.addInitScript(() => {
      addEventListener('message', (event) => {
        if (event.data?.type === 'CONNECT_EMAIL')
          (window as unknown as { seenId: string }).seenId = event.data.id
      })
    })
    // Hold the real answer back long enough for the forgeries to arrive first.
    await context.route('**/v1/auth/email/connect', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000))
      await route.continue()
    })
    await openOtp(`forged-${Date.now()}@example.com`)
    let id = ''
    // Looked up on each try: the frame may attach only after the click that asked for the code.
    await poll(async () => {
      const real = page.frames().find((frame) => frame.url().includes(`projectId=${stack.projectId}`))
      id = (await real?.evaluate(() => (window as unknown as { seenId?: string }).seenId)) ?? ''
      return id
    }).not.toBe('')
    // Accepted, it would skip the code: the page would take the login for done.
    const forged = { id, type: 'CONNECT_EMAIL_SUCCESS', payload: { action: 'CONNECT' } }
    await page.evaluate((message) => window.postMessage(message, '*'), forged)
    // A second, genuine frame of the services (the only kind this page may embed) as the forger.
    await page.evaluate((url) => {
      const other = document.createElement('iframe')
      other.src = url
      document.body.append(other)
    }, `${stack.servicesUrl}/frame?projectId=${stack.projectId}&forger=1`)
    await poll(() => page.frames().some((frame) => frame.url().includes('forger=1'))).toBe(true)
    const forger = page.frames().find((frame) => frame.url().includes('forger=1'))
    await forger?.waitForLoadState()
    await forger?.evaluate((message) => window.parent.postMessage(message, '*'), forged)

    await poll(() => dialog().getByText('Enter the code we sent to').count(), { timeout: 10_000 }).toBe(1)
  })

  it('locks the code after five wrong tries: the right code no longer works', async () => {
    const email = `locked-${Date.now()}@example.com`
    const before = await lastMailId(stack.servicesUrl)
    await openOtp(email)
    const code = codeIn(await mailFor(stack.servicesUrl, email, before))
    const wrong = code === '000000' ? '111111' : '000000'
    const enter = async (otp: string) => {
      await dialog().getByRole('textbox', { name: 'Digit 1' }).click()
      await page.keyboard.type(otp)
      await poll(() => dialog().getByRole('alert').count()).toBe(1)
      const text = await dialog().getByRole('alert').textContent()
      await poll(() => dialog().getByRole('status').count()).toBe(0)
      return text
    }
    for (let i = 0; i < 4; i++) expect(await enter(wrong)).toBe('Invalid code')
    expect(await enter(wrong)).toBe('Too many wrong codes. Request a new one.')
    expect(await enter(code)).toBe('Too many wrong codes. Request a new one.')
    expect(await page.getByTestId('status').textContent()).toBe('disconnected')
  })

  it('counts the cooldown down in words; Continue for the same address goes back to its code, another address waits', async () => {
    const email = `cooldown-${Date.now()}@example.com`
    const before = await lastMailId(stack.servicesUrl)
    await openOtp(email)
    const mailed = await mailFor(stack.servicesUrl, email, before)
    const resend = dialog().getByRole('button', { name: /^Resend code in \d+ seconds?$/ })
    await poll(() => resend.count()).toBe(1)
    expect(await resend.isDisabled()).toBe(true)
    const secondsIn = async (text: Promise<string | null>) => Number(/\d+/.exec((await text) ?? '')?.[0])
    const first = await secondsIn(resend.textContent())
    await poll(() => secondsIn(resend.textContent()), { timeout: 3_000 }).toBeLessThan(first)

    // The same address again: the code already mailed is still good, so the code view comes back.
    await dialog().getByRole('button', { name: 'Back' }).click()
    await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
    await poll(() => dialog().getByRole('textbox', { name: 'Digit 1' }).count()).toBe(1)
    expect(await lastMailId(stack.servicesUrl)).toBe(mailed.id)

    // Another address: refused before anyone is called, and the wait counts down beside the field.
    await dialog().getByRole('button', { name: 'Back' }).click()
    await dialog().getByRole('textbox', { name: 'Email' }).fill(`other-${email}`)
    await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
    const wait = dialog().getByText(/^Please try again after \d+ seconds?$/)
    await poll(() => wait.count()).toBe(1)
    const waitFirst = await secondsIn(wait.textContent())
    await poll(() => secondsIn(wait.textContent()), { timeout: 3_000 }).toBeLessThan(waitFirst)
    expect(await lastMailId(stack.servicesUrl)).toBe(mailed.id)
  })

  // The page's clock is a fake one here, so behaviour §9's 20 s and 30 s pass in an instant.
  it('shows Can’t reach the login service when the frame does not load in 20 s', async () => {
    await context.route('**/frame?**', (route) => route.abort())
    await page.clock.install()
    await page.goto(`${stack.pageUrl}/?signIn=off`)
    // The load timer starts as the frame is added, which is after its code arrives: only then may the
    // fake clock move, or a slow machine would start the 20 s after the clock had already jumped.
    const frameRequested = page.waitForRequest((request) => request.url().includes('/frame?'))
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await poll(() => dialog().getByRole('textbox', { name: 'Email' }).count()).toBe(1)
    await frameRequested
    await page.clock.runFor(19_000)
    expect(await dialog().getByText('Can’t reach the login service').count()).toBe(0)
    await page.clock.runFor(1_500)
    await poll(() => dialog().getByText('Can’t reach the login service').count()).toBe(1)
  })

  it('shows Embedded Wallet Request Timed Out when a login request gets no answer in 30 s', async () => {
    let asked: () => void = () => {}
    const reachedServices = new Promise<void>((resolve) => {
      asked = resolve
    })
    await context.route('**/v1/auth/email/connect', () => asked()) // never answered
    await page.clock.install()
    await page.goto(`${stack.pageUrl}/?signIn=off`)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await poll(() => page.frames().some((frame) => frame.url().includes('/frame?'))).toBe(true)
    await page
      .frames()
      .find((frame) => frame.url().includes('/frame?'))
      ?.waitForLoadState()
    await page.clock.runFor(1_000) // the frame's ready delay
    await dialog().getByRole('textbox', { name: 'Email' }).fill(`silent-${Date.now()}@example.com`)
    await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
    await reachedServices
    await page.clock.runFor(29_000)
    expect(await dialog().getByText('Embedded Wallet Request Timed Out').count()).toBe(0)
    await page.clock.runFor(1_500)
    await poll(() => dialog().getByText('Embedded Wallet Request Timed Out').count()).toBe(1)
  })
})
