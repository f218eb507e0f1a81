import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { DEV_ACCOUNTS } from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import { shortenAddress } from '@portico/core'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { Hex } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { exampleDir } from '../scripts/examples-dir.ts'
import { expectAccessibleModal } from './axe.ts'
import { launchChromium } from './browser.ts'
import { typeMailedCode } from './email-login.ts'
import { holdRequests } from './hold-requests.ts'
import { poll } from './mailbox.ts'
import { declinePasskeyOffer, secureFrameOf } from './secure-frame.ts'
import { installTestWallet, type TestWallet } from './test-wallet.ts'

/**
 * The Next.js example as an adopter gets it: installed from the packed tarballs outside the
 * repository and built by `npm run examples`, started with `next start` against the e2e stack.
 */
const stack = inject('stack')
const appDir = exampleDir('nextjs')
const root = resolve(import.meta.dirname, '..')
const devAccount = DEV_ACCOUNTS[9] as { address: Hex; privateKey: Hex }
/** How React reports a server HTML the browser's first render disagrees with, in development or minified. */
const HYDRATION_TROUBLE = /hydrat|did not match|react\.dev\/errors\/(418|423|425)|error #(418|423|425)/i

let server: ChildProcess | undefined
let output = ''
let appUrl: string
let browser: Browser
let context: BrowserContext
let page: Page
let wallet: TestWallet
/** Everything the page said in its console, and the errors nobody caught. */
let consoleLines: string[]

beforeAll(async () => {
  if (!existsSync(join(appDir, '.next', 'BUILD_ID')))
    throw new Error(`The Next.js example is not built in ${appDir} — run npm run examples first`)
  const port = await freePort()
  // Opened as localhost, like the services: on another site (127.0.0.1) the secure frame would be a
  // third party, whose storage the browser may block, and e-mail login could not keep its key.
  appUrl = `http://localhost:${port}`
  await allowOrigin(appUrl)
  server = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '-H', '127.0.0.1', '-p', `${port}`],
    {
      cwd: appDir,
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: '1',
        PORTICO_PROJECT_ID: stack.projectId,
        PORTICO_APP_URL: appUrl,
        PORTICO_SERVICES_URL: stack.servicesUrl,
        PORTICO_RPC_URL: stack.rpcUrl,
        PORTICO_CHAIN_ID: `${stack.chainId}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  server.stdout?.on('data', (chunk) => (output += chunk))
  server.stderr?.on('data', (chunk) => (output += chunk))
  await waitUntilServing(appUrl)
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  server?.kill()
})

beforeEach(async () => {
  context = await browser.newContext()
  wallet = await installTestWallet(context, {
    rpcUrl: stack.rpcUrl,
    chainId: stack.chainId,
    privateKey: devAccount.privateKey,
  })
  page = await context.newPage()
  consoleLines = []
  page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`))
  page.on('pageerror', (error) => consoleLines.push(`uncaught: ${error.message}`))
})

afterEach(async () => {
  await context?.close()
})

/** As an operator would: the project must list the app's origin before the services answer it. */
async function allowOrigin(origin: string) {
  const { DATABASE_URL: _ignored, ...env } = process.env
  const database = process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}
  await promisify(execFile)(
    'npm',
    ['run', '--silent', 'project', '--', 'add-origin', '--id', stack.projectId, '--origin', origin],
    { cwd: root, env: { ...env, ...database, DATA_DIR: stack.dataDir } },
  )
}

async function waitUntilServing(url: string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`next start exited:\n${output}`)
    const answered = await fetch(url).then(
      (response) => response.ok,
      () => false,
    )
    if (answered) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`next start did not answer ${url} within 60 s:\n${output}`)
}

const dialog = () => page.getByRole('dialog')
const connectButton = () => page.getByRole('button', { name: 'Connect Wallet' })
/** The app's own status line; the modal has a live region of its own. */
const status = () => page.getByRole('region', { name: 'Wallet status' }).getByRole('status').textContent()
const hydrationTrouble = () => consoleLines.filter((line) => HYDRATION_TROUBLE.test(line))

describe('the Next.js example, installed from the packed tarballs', () => {
  it('connects and signs in through the modal, and a reload renders both on the server, hydrating cleanly', async () => {
    await page.goto(appUrl)
    expect(await status()).toBe('Disconnected')
    await connectButton().click()
    await expectAccessibleModal(page, 'Connect (Next.js example)')
    await dialog()
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await expect.poll(status).toBe(`Connected as ${wallet.address}`)

    // Sign-in with wallet follows the connection; the app's route keeps the session in a cookie.
    await dialog().getByRole('button', { name: 'Sign', exact: true }).click()
    await expect.poll(() => dialog().count()).toBe(0)
    await expect.poll(() => page.getByText(`Signed in as ${wallet.address}`).count()).toBe(1)
    const cookie = (await context.cookies()).find((c) => c.name === 'portico_siwx')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' })

    consoleLines = []
    const html = (await (await page.reload())?.text()) ?? ''
    expect(html).toContain(`Connected as ${wallet.address}`)
    expect(html).toContain(`Signed in as ${wallet.address}`)
    expect(html).toContain(shortenAddress(wallet.address))
    expect(html).not.toContain('>Connect Wallet<')
    // Opening the account modal needs the hydrated app: by then any mismatch has been reported.
    await page.getByRole('button', { name: new RegExp(`^Account ${shortenAddress(wallet.address)}`) }).click()
    await expect.poll(() => dialog().getByRole('heading').first().textContent()).toBe('Account')
    expect(await status()).toBe(`Connected as ${wallet.address}`)
    expect(hydrationTrouble()).toEqual([])
  })

  it('a click on Connect Wallet before the page has hydrated opens the modal once it has', async () => {
    // As on a slow connection: the server HTML is there, the app's JavaScript is not yet.
    const release = await holdRequests(page, /\.js(\?|$)/)
    await page.goto(appUrl, { waitUntil: 'commit' })
    await connectButton().click()
    expect(await dialog().count()).toBe(0)

    release()
    await expect
      .poll(() =>
        dialog()
          .getByRole('button', { name: /Test Wallet/ })
          .count(),
      )
      .toBe(1)
    expect(hydrationTrouble()).toEqual([])
  })

  it('logs in by e-mail, and a reload renders the embedded wallet on the server, hydrating cleanly', async () => {
    const email = `nextjs-${Date.now()}@example.com`
    await page.goto(appUrl)
    await typeMailedCode(page, stack.servicesUrl, email)
    // The new wallet is made once the visitor answered the secure frame's passkey offer.
    await declinePasskeyOffer(page)
    await poll(status, { timeout: 20_000 }).toMatch(/^Connected as 0x/)
    const address = ((await status()) ?? '').replace('Connected as ', '')
    // The secure frame may be drawn over the modal's body, its title the one shown.
    await poll(() => dialog().getByRole('heading', { includeHidden: true }).first().textContent()).toBe(
      'Sign In',
    )
    // Sign-in is optional in this app: cancelling keeps the e-mail wallet connected. The secure
    // frame may cover the modal first (a new wallet's passkey offer, the sign-in's signature
    // request): the visitor says "Not now" or "Reject" there, then Cancel.
    const frame = secureFrameOf(page)
    await poll(
      async () => {
        for (const name of ['Not now', 'Reject']) {
          const button = frame.getByRole('button', { name, exact: true })
          if (await button.isVisible().catch(() => false)) await button.click()
        }
        return dialog()
          .getByRole('button', { name: 'Cancel', exact: true })
          .click({ timeout: 2_000 })
          .then(() => true)
          .catch(() => false)
      },
      { timeout: 30_000 },
    ).toBe(true)
    await poll(() => dialog().count()).toBe(0)

    consoleLines = []
    const html = (await (await page.reload())?.text()) ?? ''
    expect(html).toContain(`Connected as ${address}`)
    expect(html).not.toContain('>Connect Wallet<')
    // Not signed in, the hydrated app asks for the signature again once the frame has reconnected
    // the wallet: hydration is over by then.
    await poll(() => dialog().getByRole('heading', { includeHidden: true }).first().textContent(), {
      timeout: 20_000,
    }).toBe('Sign In')
    expect(await status()).toBe(`Connected as ${address}`)
    expect(hydrationTrouble()).toEqual([])
  })
})
