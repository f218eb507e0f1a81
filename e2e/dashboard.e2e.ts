import { readFile } from 'node:fs/promises'
import { generatePrivateKey } from 'viem/accounts'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { expectAccessiblePage } from './axe.ts'
import { useWalletSession } from './wallet-session.ts'

const stack = inject('stack')
// An account of its own: a connect needs no funds, and no other test's events are this key's.
const session = useWalletSession(generatePrivateKey(), { open: `${stack.pageUrl}/?signIn=off` })

const dialog = () => session.page.getByRole('dialog')
const connectButton = () => session.page.getByRole('button', { name: 'Connect Wallet' })
const password = async () => (await readFile(stack.dashboardKeyFile, 'utf8')).trim()

interface Totals {
  opened: number
  chose: number
  connected: number
  failed: number
  declined: number
}

/**
 * The dev project's numbers for today as the dashboard's API answers them, logged in as an
 * operator would be. Other test files share the project, so this file checks what it adds.
 */
async function totals(): Promise<Totals> {
  const login = await fetch(`${stack.servicesUrl}/dashboard/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: stack.servicesUrl, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password: await password() }),
  })
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  const response = await fetch(`${stack.servicesUrl}/dashboard/api/summary?projectId=${stack.projectId}`, {
    headers: { cookie },
  })
  const summary = (await response.json()) as {
    funnel: { opened: number; chose: number; connected: number }
    daily: { connectErrors: { total: number } }
    errors: { byType: { event: string; errorType: string; n: number }[] }
  }
  const declined = summary.errors.byType.find(
    (row) => row.event === 'CONNECT_ERROR' && row.errorType === 'declined',
  )
  return { ...summary.funnel, failed: summary.daily.connectErrors.total, declined: declined?.n ?? 0 }
}

/** The modal's own CONNECT_SUCCESS request, kept to be sent again as other login methods send it. */
let connectEvent: { url: string; headers: Record<string, string>; body: object }

let before: Totals
beforeAll(async () => {
  before = await totals()
})

/**
 * Picks the test wallet and waits until the page has handed the outcome's event to the services:
 * the next test closes this page, and an event still queued in it would be lost with it.
 */
async function chooseTestWallet(outcome: 'CONNECT_SUCCESS' | 'CONNECT_ERROR') {
  const reported = session.page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/e' &&
      response.request().postDataJSON()?.props?.event === outcome,
  )
  await connectButton().click()
  await dialog()
    .getByRole('button', { name: /Test Wallet/ })
    .click()
  const response = await reported
  expect(response.status()).toBe(204)
  const request = response.request()
  if (outcome === 'CONNECT_SUCCESS')
    connectEvent = { url: request.url(), headers: request.headers(), body: request.postDataJSON() }
}

describe('the operator dashboard', () => {
  it.each([1, 2, 3])('counts a connection made through the modal (%i of 3)', async () => {
    await chooseTestWallet('CONNECT_SUCCESS')
    await expect.poll(() => session.page.getByTestId('status').textContent()).toBe('connected')
  })

  it('counts a connection the wallet refused as a declined connect error', async () => {
    session.wallet.decide('reject')
    await chooseTestWallet('CONNECT_ERROR')
    await expect.poll(() => dialog().getByRole('alert').textContent()).toBe('You declined in Test Wallet.')
  })

  it('takes a social and a Farcaster login as the modal reports them', async () => {
    // The embedded wallet's logins report the same event with their own method (core's unit tests
    // show the modal sends it so); sent here from the page as the modal sends it.
    for (const method of ['social', 'farcaster']) {
      const body = {
        ...connectEvent.body,
        eventId: crypto.randomUUID(),
        props: { type: 'track', event: 'CONNECT_SUCCESS', properties: { method, name: 'Email' } },
      }
      const status = await session.page.evaluate(
        async ({ url, headers, body }) =>
          (await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })).status,
        {
          url: connectEvent.url,
          headers: { 'content-type': connectEvent.headers['content-type'] ?? '' },
          body,
        },
      )
      expect(status).toBe(204)
    }
    // And a sign-in, so the sign-ins and sends chart has lines to draw.
    const signIn = {
      ...connectEvent.body,
      eventId: crypto.randomUUID(),
      props: { type: 'track', event: 'SIWX_AUTH_SUCCESS' },
    }
    expect(
      await session.page.evaluate(
        async ({ url, body }) =>
          (
            await fetch(url, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            })
          ).status,
        { url: connectEvent.url, body: signIn },
      ),
    ).toBe(204)
  })

  it('shows them to the operator after logging in, readable by assistive technology', async () => {
    // The modal sends its events after the fact; the page shows what the services have stored.
    const expected = {
      opened: before.opened + 4,
      chose: before.chose + 4,
      connected: before.connected + 5,
      failed: before.failed + 1,
      declined: before.declined + 1,
    }
    await expect.poll(totals, { timeout: 15_000 }).toEqual(expected)

    const page = session.page
    await page.goto(`${stack.servicesUrl}/dashboard?projectId=${stack.projectId}`)
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('That password is not right.')
    await page.getByLabel('Password').fill(await password())
    await page.getByRole('button', { name: 'Log in' }).click()

    await expect.poll(() => page.getByRole('heading', { name: 'Overview' }).count()).toBe(1)
    expect(await page.getByLabel('Project').locator('option:checked').textContent()).toMatch(
      /^Portico dev page/,
    )
    const tile = (label: string) => page.locator('.tile', { has: page.getByText(label, { exact: true }) })
    expect(await tile('Connections').locator('dd').textContent()).toBe(String(expected.connected))
    expect(await tile('Failed connections').locator('dd').textContent()).toBe(String(expected.failed))

    const funnel = page.getByRole('table', { name: /^Connect funnel/ })
    const count = (row: string) =>
      funnel
        .getByRole('row', { name: new RegExp(`^${row}`) })
        .getByRole('cell')
        .first()
    expect(await count('Modal opened').textContent()).toBe(String(expected.opened))
    expect(await count('Method chosen').textContent()).toBe(String(expected.chose))
    expect(await count('Connected').textContent()).toBe(String(expected.connected))

    const byType = page.getByRole('table', { name: 'Errors by type' })
    expect(
      await byType
        .getByRole('row', { name: /CONNECT_ERROR declined/ })
        .getByRole('cell')
        .last()
        .textContent(),
    ).toBe(String(expected.declined))
    const recent = page.getByRole('table', { name: /error messages$/ })
    // A message reads as a sentence: no library's version, docs link or details appended.
    expect(await recent.textContent()).not.toMatch(/Version: viem@|Docs: http|Details:/)
    expect(await recent.getByRole('row', { name: /CONNECT_ERROR declined/ }).count()).toBeGreaterThanOrEqual(
      1,
    )
    // The charts are drawn (uPlot's canvas) beside their tables.
    expect(await page.locator('#connections canvas').count()).toBe(2)
    // Social and Farcaster logins are methods of their own, beside the browser wallets.
    await page.locator('#connections summary', { hasText: 'Numbers by day' }).first().click()
    const byMethod = page.getByRole('table', { name: 'Connections by method, by day' })
    const methods = await byMethod.getByRole('columnheader').allTextContents()
    for (const method of ['browser', 'social', 'farcaster']) expect(methods).toContain(method)
    // Four lines that may lie on each other: each keeps a marker of its own in the legend.
    const legend = await page.locator('#activity .u-legend .u-series').evaluateAll((rows) =>
      rows
        .map((row) => ({
          label: row.querySelector('.u-label')?.textContent ?? '',
          marker: getComputedStyle(row.querySelector('.u-marker') ?? row).borderStyle,
        }))
        .filter((row) => row.label !== 'Day'),
    )
    expect(legend.map((row) => row.label)).toEqual(['Sign-ins', 'Failed sign-ins', 'Sends', 'Failed sends'])
    expect(new Set(legend.map((row) => row.marker)).size).toBe(4)

    await expectAccessiblePage(page, 'Dashboard')

    // On a phone the page fits the screen: wide tables scroll inside their cards, never the page.
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 800 })
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(width)
    }

    await page.getByRole('button', { name: 'Log out' }).click()
    await expect.poll(() => page.getByLabel('Password').count()).toBe(1)
    expect((await page.request.get(`${stack.servicesUrl}/dashboard/api/projects`)).status()).toBe(401)
  })
})
