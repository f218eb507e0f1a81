import type { Browser, Page } from 'playwright-core'

interface Stack {
  pageUrl: string
  servicesUrl: string
}

export const FRAME = 'iframe[title="Portico secure frame"]'

/**
 * Milliseconds from the visitor's click on Approve inside the secure frame to the signature
 * reaching the page, for `runs` message signatures of an e-mail wallet: the frame fetches the
 * server share, puts the key together with the device share, signs and answers.
 */
export async function timeApproveToSignature(
  browser: Browser,
  stack: Stack,
  runs: number,
): Promise<number[]> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    // The key's own account: this measures the key's signature, not the smart account's reads.
    await page.goto(`${stack.pageUrl}/?signIn=off&account=eoa`)
    await logInByEmail(page, stack.servicesUrl, `bench-${Date.now()}@example.com`)
    const timings: number[] = []
    for (let run = 0; run < runs; run++) timings.push(await timeOneSignature(page, stack.servicesUrl))
    return timings
  } finally {
    await context.close()
  }
}

export async function logInByEmail(page: Page, servicesUrl: string, email: string): Promise<void> {
  const after = await newestMailId(servicesUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog').getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('dialog').getByRole('button', { name: 'Continue', exact: true }).click()
  const code = await mailedCode(servicesUrl, email, after)
  await page.getByRole('dialog').getByRole('textbox', { name: 'Digit 1' }).click()
  await page.keyboard.type(code)
  // A new wallet is made once the frame's passkey offer is answered: the bench declines it.
  await page.frameLocator(FRAME).getByRole('button', { name: 'Not now' }).click()
  await page
    .getByTestId('status')
    .filter({ hasText: /^connected$/ })
    .waitFor({ timeout: 30_000 })
  await page.getByRole('dialog').waitFor({ state: 'detached' })
}

async function timeOneSignature(page: Page, servicesUrl: string): Promise<number> {
  // The frame tells the page to hide it the moment Approve is clicked, then signs and answers: the
  // page sees both messages on one clock.
  const timed = page.evaluate(`new Promise((resolve) => {
    let clickedAt
    const listen = (event) => {
      if (event.origin !== ${JSON.stringify(new URL(servicesUrl).origin)}) return
      const now = performance.now()
      if (event.data?.type === 'FRAME_LAYOUT' && event.data.visible === false) clickedAt ??= now
      if (event.data?.type === 'RPC_REQUEST_SUCCESS' && clickedAt !== undefined) {
        window.removeEventListener('message', listen)
        resolve(now - clickedAt)
      }
    }
    window.addEventListener('message', listen)
  })`) as Promise<number>
  // Read only after the click; a failure before it must not surface as an unhandled rejection.
  timed.catch(() => undefined)
  await page.getByRole('button', { name: 'Sign a message' }).click()
  // A real click: the frame acts on trusted events only, once its visibility gate has opened.
  await page.frameLocator(FRAME).getByRole('button', { name: 'Approve' }).click()
  const elapsed = await timed
  await page.getByRole('dialog').waitFor({ state: 'detached' })
  return elapsed
}

async function newestMailId(servicesUrl: string): Promise<number> {
  return Math.max(0, ...(await mailbox(servicesUrl)).map((mail) => mail.id))
}

async function mailedCode(servicesUrl: string, email: string, after: number): Promise<string> {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
    const mail = (await mailbox(servicesUrl)).find((each) => each.id > after && each.to.includes(email))
    const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1]
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no login code mailed to ${email}`)
}

async function mailbox(servicesUrl: string): Promise<{ id: number; to: string[]; text: string }[]> {
  const response = await fetch(`${servicesUrl}/dev/mailbox.json`)
  return ((await response.json()) as { messages: { id: number; to: string[]; text: string }[] }).messages
}
