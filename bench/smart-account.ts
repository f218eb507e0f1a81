import type { Browser, Page } from 'playwright-core'
import type { Hex } from 'viem'
import { fundFromDevAccount } from '../e2e/fund.ts'
import { FRAME, logInByEmail } from './signing.ts'

interface Stack {
  pageUrl: string
  servicesUrl: string
  rpcUrl: string
}

/**
 * Milliseconds from the visitor's click on Approve inside the secure frame to the page holding the
 * mined transaction's hash, for `runs` sponsored transfers of 0.01 ETH from an e-mail user's smart
 * account: the frame estimates the user operation, has the services' paymaster sign it, takes the
 * key for the signature, and waits for the bundler's receipt. The first run also deploys the
 * account. Keep `runs` within the per-account sponsorship limit (SPONSOR_LIMIT_OPS_PER_ACCOUNT_PER_DAY).
 */
export async function timeApproveToReceipt(browser: Browser, stack: Stack, runs: number): Promise<number[]> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(`${stack.pageUrl}/?signIn=off`)
    await logInByEmail(page, stack.servicesUrl, `bench-aa-${Date.now()}@example.com`)
    const text = (await page.getByText(/^eip155:\d+:0x[0-9a-fA-F]{40}$/).textContent()) ?? ''
    const smartAccount = text.split(':')[2] as Hex
    await fundFromDevAccount(stack.rpcUrl, 7, smartAccount, '1')
    await page.getByRole('textbox', { name: 'Recipient' }).fill('0x000000000000000000000000000000000000dEaD')
    const timings: number[] = []
    for (let run = 0; run < runs; run++) timings.push(await timeOneTransfer(page, stack.servicesUrl))
    return timings
  } finally {
    await context.close()
  }
}

async function timeOneTransfer(page: Page, servicesUrl: string): Promise<number> {
  // The frame asks to be hidden the moment Approve is clicked; the page shows the hash once the
  // frame answers, which it does with the receipt in hand.
  const timed = page.evaluate(`new Promise((resolve) => {
    let clickedAt
    const listen = (event) => {
      if (event.origin !== ${JSON.stringify(new URL(servicesUrl).origin)}) return
      if (event.data?.type === 'FRAME_LAYOUT' && event.data.visible === false) clickedAt ??= performance.now()
    }
    window.addEventListener('message', listen)
    const observer = new MutationObserver(() => {
      if (clickedAt === undefined || !document.querySelector('[data-testid="wallet-transaction"]')) return
      observer.disconnect()
      window.removeEventListener('message', listen)
      resolve(performance.now() - clickedAt)
    })
    observer.observe(document.body, { childList: true, subtree: true })
  })`) as Promise<number>
  timed.catch(() => undefined)
  await page.getByRole('button', { name: 'Send 0.01 ETH' }).click()
  await page.frameLocator(FRAME).getByRole('button', { name: 'Approve' }).click()
  const elapsed = await timed
  await page.getByRole('dialog').waitFor({ state: 'detached' })
  return elapsed
}
