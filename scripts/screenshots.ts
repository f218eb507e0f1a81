/**
 * Pictures of the modal's main views for review: `npx tsx scripts/screenshots.ts` (after `npm run
 * build`). Starts the whole stack as the browser tests do (scripts/stack.ts, a throw-away data folder,
 * free ports), drives Debian's Chromium with the test wallet, and saves
 * `docs/screens/<view>-<width>.png` (connect, connect-no-wallet, account, activity, send, receive,
 * email-code) at 1280×800 and on a 390×844 touch phone. Not part of `npm test`.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEV_ACCOUNTS } from '@portico/contracts'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium } from '../e2e/browser.ts'
import { installTestWallet } from '../e2e/test-wallet.ts'
import { freePort } from '../packages/contracts/src/testing.ts'
import { type Stack, startStack } from './stack.ts'

const OUT = join(import.meta.dirname, '..', 'docs', 'screens')
/** The seeded demo account: tokens in the thousands, NFTs and months of activity to show. */
const ACCOUNT = DEV_ACCOUNTS[0] as { address: `0x${string}`; privateKey: `0x${string}` }

const SCREENS = [
  { width: 1280, height: 800, phone: false },
  { width: 390, height: 844, phone: true },
] as const

type Screen = (typeof SCREENS)[number]

const dialog = (page: Page) => page.getByRole('dialog')

/** Until the modal's animations have ended (a spinner turns for ever, so it does not count). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    (document.querySelector('[data-portico-modal]')?.shadowRoot?.getAnimations() ?? []).every(
      (animation) =>
        animation.playState !== 'running' ||
        animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
    ),
  )
}

async function shoot(page: Page, view: string, screen: Screen): Promise<void> {
  await settled(page)
  const file = join(OUT, `${view}-${screen.width}.png`)
  await page.screenshot({ path: file })
  console.log(`  ${file}`)
}

async function newPage(
  browser: Browser,
  stack: Stack,
  screen: Screen,
  withWallet: boolean,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    ...(screen.phone ? { isMobile: true, hasTouch: true } : {}),
  })
  if (withWallet) {
    await installTestWallet(context, {
      rpcUrl: stack.rpcUrl,
      chainId: stack.chainId,
      privateKey: ACCOUNT.privateKey,
    })
  }
  const page = await context.newPage()
  await page.goto(`${stack.pageUrl}/?signIn=off`)
  return { context, page }
}

async function openModal(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Connect Wallet|Account )/ }).click()
  await dialog(page).waitFor()
}

async function screensFor(browser: Browser, stack: Stack, screen: Screen): Promise<void> {
  // Connect, with the test wallet announced, and without any wallet in the browser.
  {
    const { context, page } = await newPage(browser, stack, screen, true)
    await openModal(page)
    await dialog(page)
      .getByRole('button', { name: /Test Wallet/ })
      .waitFor()
    await shoot(page, 'connect', screen)

    // Account, then its Send and Receive panels.
    await dialog(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click()
    await dialog(page).waitFor({ state: 'detached' })
    await openModal(page)
    await dialog(page).getByRole('list', { name: 'Tokens' }).getByRole('listitem').nth(3).waitFor()
    await dialog(page).getByLabel('Balance').getByText(/ETH$/).waitFor()
    await shoot(page, 'account', screen)
    await dialog(page).getByRole('tab', { name: 'Activity' }).click()
    await dialog(page).getByRole('tabpanel').getByRole('listitem').nth(3).waitFor()
    await shoot(page, 'activity', screen)
    await dialog(page).getByRole('tab', { name: 'Tokens' }).click()

    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    // The balances are in (the Tokens tab listed them), so the token list opens with them.
    await dialog(page)
      .getByRole('button', { name: /^Token: / })
      .click()
    await dialog(page)
      .getByRole('option', { name: /^USDC / })
      .click()
    await dialog(page).getByLabel('Amount').fill('1250')
    await dialog(page)
      .getByLabel('To', { exact: true })
      .fill(DEV_ACCOUNTS[2]?.address ?? '')
    await dialog(page)
      .getByText(/^Network fee: /)
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined)
    await shoot(page, 'send', screen)

    await dialog(page).getByRole('button', { name: 'Back' }).click()
    await dialog(page).getByRole('button', { name: 'Receive', exact: true }).click()
    await dialog(page)
      .getByRole('img', { name: /^QR code of / })
      .waitFor()
    await shoot(page, 'receive', screen)
    await context.close()
  }
  {
    const { context, page } = await newPage(browser, stack, screen, false)
    await openModal(page)
    await dialog(page).getByRole('link', { name: 'Get a wallet' }).waitFor()
    await shoot(page, 'connect-no-wallet', screen)

    // The e-mail code view: the services mail a code to the development mailbox.
    await dialog(page).getByRole('textbox', { name: 'Email' }).fill(`screens-${screen.width}@example.com`)
    await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click()
    const codeView = await dialog(page)
      .getByText('Enter the code we sent to')
      .waitFor({ timeout: 20_000 })
      .then(
        () => true,
        () => false,
      )
    if (codeView) await shoot(page, 'email-code', screen)
    else console.warn('  (the e-mail code view did not show within 20 s; no picture of it)')
    await context.close()
  }
}

const dataDir = await mkdtemp(join(tmpdir(), 'portico-screens-'))
let stack: Stack | undefined
let browser: Browser | undefined
try {
  console.log('Starting the stack…')
  stack = await startStack({
    dataDir,
    anvilPort: await freePort(),
    serverPort: await freePort(),
    webPort: await freePort(),
    log: () => {},
  })
  browser = await launchChromium()
  await mkdir(OUT, { recursive: true })
  for (const screen of SCREENS) {
    console.log(`${screen.width}×${screen.height}`)
    await screensFor(browser, stack, screen)
  }
} finally {
  await browser?.close()
  await stack?.stop()
  await rm(dataDir, { recursive: true, force: true })
}
