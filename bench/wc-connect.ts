import type { Browser, Page } from 'playwright-core'

interface Stack {
  pageUrl: string
  servicesUrl: string
}

/**
 * Milliseconds from the click on Approve in the dev wallet (`/dev/wallet`, its own browser context)
 * to the dapp page showing the wallet's address, for `runs` WalletConnect connections, each from a
 * fresh dapp context: the wallet's approval and session settlement through the services' relay, the
 * dapp's SDK deriving the session, wagmi's connect and the page's render. The SDK chunk is loaded
 * and the URI shown before the clock starts. Both pages read one wall clock (`timeOrigin + now()`).
 */
export async function timeApproveToConnected(
  browser: Browser,
  stack: Stack,
  runs: number,
): Promise<number[]> {
  const walletContext = await browser.newContext()
  try {
    const wallet = await walletContext.newPage()
    await wallet.goto(`${stack.servicesUrl}/dev/wallet`)
    await wallet
      .getByRole('status')
      .filter({ hasText: /^Ready$/ })
      .waitFor({ timeout: 30_000 })
    const address = ((await wallet.locator('#address').textContent()) ?? '').toLowerCase()
    if (!/^0x[0-9a-f]{40}$/.test(address)) throw new Error(`the dev wallet shows no address (${address})`)
    await wallet.evaluate(`document.addEventListener('click', (event) => {
      if (event.target instanceof Element && event.target.closest('button')?.textContent === 'Approve')
        window.approvedAt = performance.timeOrigin + performance.now()
    }, true)`)
    const timings: number[] = []
    for (let run = 0; run < runs; run++)
      timings.push(await timeOneConnection(browser, stack, wallet, address))
    return timings
  } finally {
    await walletContext.close()
  }
}

async function timeOneConnection(browser: Browser, stack: Stack, wallet: Page, address: string) {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  try {
    const dapp = await context.newPage()
    await dapp.goto(`${stack.pageUrl}/?signIn=off`)
    await dapp.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = dapp.getByRole('dialog')
    await dialog.getByRole('button', { name: /WalletConnect/ }).click()
    await dialog.getByRole('button', { name: 'Copy link' }).click()
    const uri = await dapp.evaluate(() => navigator.clipboard.readText())
    // The page's Account line ends with the address once wagmi holds the connection.
    const shown = dapp.evaluate(`new Promise((resolve) => {
      const found = () => [...document.querySelectorAll('dd')].some((dd) => dd.textContent.toLowerCase().endsWith(${JSON.stringify(address)}))
      const observer = new MutationObserver(() => {
        if (!found()) return
        observer.disconnect()
        resolve(performance.timeOrigin + performance.now())
      })
      observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    })`) as Promise<number>
    shown.catch(() => undefined)
    await wallet.getByRole('textbox', { name: 'WalletConnect URI' }).fill(uri)
    await wallet.getByRole('button', { name: 'Pair' }).click()
    const proposal = wallet.getByRole('article', { name: 'Connection request from Portico' })
    await proposal.getByRole('button', { name: 'Approve' }).click()
    const connectedAt = await shown
    const approvedAt = (await wallet.evaluate('window.approvedAt')) as number
    return connectedAt - approvedAt
  } finally {
    await context.close()
  }
}
