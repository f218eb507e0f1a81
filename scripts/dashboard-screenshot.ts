/**
 * The picture of the operator dashboard in docs/dashboard.md: `npx tsx scripts/dashboard-screenshot.ts` (after
 * `npm run build`) starts a throw-away stack (scripts/stack.ts), posts a fixed week of modal events
 * to `POST /e` as the modal would, spreads them over the last 7 days in the database (the services
 * stamp arrival themselves), starts the stack again and saves `docs/screens/dashboard.png` at
 * 1280 px wide. The numbers are always the same; only the dates move with today. Not part of `npm test`.
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '@portico/server'
import { launchChromium } from '../e2e/browser.ts'
import { freePort } from '../packages/contracts/src/testing.ts'
import { type Stack, startStack } from './stack.ts'

const OUT = join(import.meta.dirname, '..', 'docs', 'screens', 'dashboard.png')

type Wallet = { method: 'browser' | 'email'; name: string }
const WALLETS: Wallet[] = [
  { method: 'browser', name: 'MetaMask' },
  { method: 'browser', name: 'Rabby' },
  { method: 'email', name: 'Email' },
  { method: 'browser', name: 'Coinbase Wallet' },
]

/** A fixed week: per day, how many visitors open the modal, choose, connect, fail, sign in, send. */
// 106 events in all: under the services' 120 a minute from one IP.
const WEEK = [
  [4, 3, 2, 1, 1, 1],
  [5, 4, 4, 0, 2, 1],
  [3, 3, 2, 1, 1, 0],
  [6, 5, 4, 1, 3, 2],
  [4, 4, 3, 0, 2, 1],
  [5, 4, 4, 1, 3, 1],
  [4, 3, 3, 1, 2, 1],
] as const

interface Event {
  day: number
  type: 'track' | 'error'
  event: string
  properties?: Record<string, string | boolean>
  errorType?: string
  errorMessage?: string
}

function week(): Event[] {
  const events: Event[] = []
  WEEK.forEach(([opened, chose, connected, failed, signIns, sends], day) => {
    for (let n = 0; n < opened; n++)
      events.push({ day, type: 'track', event: 'MODAL_OPEN', properties: { connected: false } })
    for (let n = 0; n < chose; n++) {
      const wallet = WALLETS[(n + day) % WALLETS.length] as Wallet
      events.push({ day, type: 'track', event: 'SELECT_WALLET', properties: wallet })
      if (n < connected) events.push({ day, type: 'track', event: 'CONNECT_SUCCESS', properties: wallet })
    }
    for (let n = 0; n < failed; n++)
      events.push({
        day,
        type: 'error',
        event: 'CONNECT_ERROR',
        properties: WALLETS[(day + n) % 2] as Wallet,
        errorType: (day + n) % 3 === 0 ? 'WALLET_ERROR' : 'declined',
        errorMessage:
          (day + n) % 3 === 0 ? 'Connection request reset. Please try again.' : 'User rejected the request.',
      })
    for (let n = 0; n < signIns; n++) events.push({ day, type: 'track', event: 'SIWX_AUTH_SUCCESS' })
    for (let n = 0; n < sends; n++)
      events.push({ day, type: 'track', event: 'SEND_SUCCESS', properties: { token: 'USDC' } })
  })
  events.push({
    day: 6,
    type: 'error',
    event: 'SEND_ERROR',
    properties: { token: 'ETH' },
    errorType: 'declined',
    errorMessage: 'User denied transaction signature.',
  })
  return events
}

async function start(dataDir: string, ports: { anvil: number; server: number; web: number }): Promise<Stack> {
  return startStack({ dataDir, anvilPort: ports.anvil, serverPort: ports.server, webPort: ports.web })
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'portico-dashboard-shot-'))
  const ports = { anvil: await freePort(), server: await freePort(), web: await freePort() }
  try {
    let stack = await start(dataDir, ports)
    const events = week()
    const days = new Map<string, number>()
    for (const event of events) {
      const eventId = randomUUID()
      days.set(eventId, event.day)
      const response = await fetch(`${stack.servicesUrl}/e?projectId=${stack.projectId}`, {
        method: 'POST',
        headers: { origin: stack.pageUrl, 'content-type': 'application/json' },
        body: JSON.stringify({
          eventId,
          url: `${stack.pageUrl}/`,
          domain: new URL(stack.pageUrl).host,
          timestamp: Date.now(),
          props: {
            type: event.type,
            event: event.event,
            ...(event.errorType ? { errorType: event.errorType, errorMessage: event.errorMessage } : {}),
            ...(event.properties ? { properties: event.properties } : {}),
          },
        }),
      })
      if (response.status !== 204)
        throw new Error(`POST /e answered ${response.status}: ${await response.text()}`)
    }
    await stack.stop()

    // Day 0 is six days ago, day 6 today, from 09:00 UTC a minute apart.
    const database = await openDatabase({ dataDir })
    const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T09:00:00Z`)
    let minute = 0
    for (const [eventId, day] of days) {
      const receivedAt = new Date(today - (6 - day) * 86_400_000 + minute++ * 60_000)
      await database.db
        .updateTable('analytics_events')
        .set({ received_at: receivedAt })
        .where('event_id', '=', eventId)
        .execute()
    }
    await database.close()

    stack = await start(dataDir, ports)
    const browser = await launchChromium()
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      await page.goto(`${stack.servicesUrl}/dashboard?projectId=${stack.projectId}`)
      await page.getByLabel('Password').fill((await readFile(join(dataDir, 'dashboard.key'), 'utf8')).trim())
      await page.getByRole('button', { name: 'Log in' }).click()
      await page.locator('#connections canvas').nth(1).waitFor()
      await page.screenshot({ path: OUT, fullPage: true })
      console.log(`  ${OUT}`)
    } finally {
      await browser.close()
      await stack.stop()
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
