import { DEMO_TOKEN_ICONS, DEV_ACCOUNTS, demoTokenAbi } from '@portico/contracts'
import { formatTokenAmount } from '@portico/core'
import { createPublicClient, createWalletClient, type Hex, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeEach, describe, expect, inject, it } from 'vitest'
import { pickToken } from './token-listbox.ts'
import { useWalletSession } from './wallet-session.ts'

const stack = inject('stack')
type Dev = { address: Hex; privateKey: Hex }
const seeded = DEV_ACCOUNTS[0] as Dev
const friend = DEV_ACCOUNTS[1] as Dev
const receiver = DEV_ACCOUNTS[2] as Dev
const usdc = stack.deployment.tokens.USDC as Hex
const chain = createPublicClient({ transport: http(stack.rpcUrl) })

const session = useWalletSession(seeded.privateKey, { open: `${stack.pageUrl}/?signIn=off` })

beforeEach(async () => {
  // Also right after load: a click that lands before hydration opens the modal once it is done.
  await session.page.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect.poll(() => dialog().count(), { timeout: 10_000 }).toBe(1)
  await dialog()
    .getByRole('button', { name: /Test Wallet/ })
    .click()
  await expect
    .poll(() => session.page.getByTestId('status').textContent(), { timeout: 10_000 })
    .toBe('connected')
  await session.page.getByRole('button', { name: /^Account / }).click()
})

const dialog = () => session.page.getByRole('dialog')
const tab = (name: string) => dialog().getByRole('tab', { name })
const panel = () => dialog().getByRole('tabpanel')
const usdcOf = (address: Hex) =>
  chain.readContract({ address: usdc, abi: demoTokenAbi, functionName: 'balanceOf', args: [address] })

describe('account modal of a seeded account', () => {
  it('lists the real tokens by value with their icons, without the zero-decimal POINTS', async () => {
    const tokens = panel().getByRole('list', { name: 'Tokens' }).getByRole('listitem')
    await expect.poll(() => tokens.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(4)
    const rows = await tokens.allTextContents()
    for (const symbol of ['USDC', 'DAI', 'WETH', 'ETH']) expect(rows.join('\n')).toContain(symbol)
    expect(await dialog().textContent()).not.toMatch(/POINTS|Portico Points/)
    const values = rows.map((row) => Number(/\$([\d,]+\.\d{2})/.exec(row)?.[1]?.replaceAll(',', '')))
    expect(values).toEqual([...values].sort((a, b) => b - a))
    await expect.poll(() => dialog().getByLabel('Portfolio value').textContent()).toMatch(/^\$[\d,]+\.\d{2}$/)
    // The demo's icons come from the services as data: images; each row shows its own, none a monogram.
    const usdcIcon = tokens.filter({ hasText: 'USD Coin' }).locator('img')
    expect(await usdcIcon.getAttribute('src')).toBe(DEMO_TOKEN_ICONS.USDC)
    await expect
      .poll(() => usdcIcon.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0)
    expect(await tokens.locator('img').count()).toBe(await tokens.count())
  })

  it('shows the Orbs in the NFT grid and never the spam collection', async () => {
    await tab('NFTs').click()
    expect(await tab('NFTs').getAttribute('aria-selected')).toBe('true')
    const nfts = panel().getByRole('list', { name: 'NFTs' }).getByRole('listitem')
    await expect.poll(() => nfts.count(), { timeout: 10_000 }).toBe(3)
    expect((await nfts.allTextContents()).every((text) => text.includes('Portico Orbs'))).toBe(true)
    expect(await panel().locator('img').count()).toBe(3)
    expect(await dialog().textContent()).not.toContain('Free Airdrop Claim')
  })

  it('groups months of activity, with the year on a month of an earlier year, and no spam', async () => {
    await tab('Activity').click()
    const headings = panel().getByRole('heading', { level: 3 })
    await expect.poll(() => headings.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3)
    const earlierYear = String(new Date().getFullYear() - 1)
    // Older months arrive page by page as the list is scrolled to its end.
    await expect
      .poll(
        async () => {
          await panel().evaluate((element) => element.lastElementChild?.scrollIntoView({ block: 'end' }))
          return (await headings.allTextContents()).some((title) => title.endsWith(` ${earlierYear}`))
        },
        { timeout: 15_000 },
      )
      .toBe(true)
    // Every group is titled after the month of its transactions, the year only when not this one,
    // and the groups run newest first.
    const groups = await panel()
      .locator('section')
      .evaluateAll((sections) =>
        sections.map((section) => ({
          title: section.querySelector('h3')?.textContent ?? '',
          times: [...section.querySelectorAll('time')].map((time) => time.dateTime),
        })),
      )
    const now = new Date()
    for (const { title, times } of groups) {
      for (const time of times) {
        const date = new Date(time)
        const month = date.toLocaleString('en-US', { month: 'long' })
        expect(title).toBe(
          date.getFullYear() === now.getFullYear() ? month : `${month} ${date.getFullYear()}`,
        )
      }
    }
    // One scroll area: the list scrolls with the card, not in a box of its own, the tabs kept in sight.
    expect(await panel().evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true)
    const [card, activityTab] = await Promise.all([dialog().boundingBox(), tab('Activity').boundingBox()])
    expect(activityTab?.y ?? -1).toBeGreaterThanOrEqual(card?.y ?? 0)
    const starts = groups.map(({ times }) => Date.parse(times[0] ?? ''))
    expect(starts).toEqual([...starts].sort((a, b) => b - a))
    expect(await panel().textContent()).toContain('USDC')
    expect(await panel().textContent()).not.toContain('Free Airdrop Claim')
    // The stack's node has traces: every ETH transfer is shown, and nothing says otherwise.
    expect(
      await panel()
        .getByText(/^ETH transfers before/)
        .count(),
    ).toBe(0)
    // A send shows its minus sign, a zero-decimal token whole numbers, an approval its token and spender.
    expect(await panel().getByText('−42.5 USDC').count()).toBe(1)
    expect(await panel().getByText('+5,000 POINTS').count()).toBe(1)
    const spender = `${friend.address.slice(0, 4)}…${friend.address.slice(-6)}`
    await expect
      .poll(() => panel().getByText(`Approved USDC for ${spender}`).count(), { timeout: 10_000 })
      .toBe(1)
  })

  it('shows a transfer made on chain by another account within 5 s', async () => {
    await tab('Activity').click()
    await expect.poll(() => panel().getByRole('listitem').count(), { timeout: 10_000 }).toBeGreaterThan(0)
    const friendWallet = createWalletClient({
      account: privateKeyToAccount(friend.privateKey),
      transport: http(stack.rpcUrl),
    })
    const hash = await friendWallet.writeContract({
      chain: null,
      address: usdc,
      abi: demoTokenAbi,
      functionName: 'transfer',
      args: [seeded.address, parseUnits('1.234', 6)],
    })
    await chain.waitForTransactionReceipt({ hash })
    const mined = Date.now()
    await expect
      .poll(() => panel().getByText('+1.234 USDC').count(), { timeout: 5_000, interval: 100 })
      .toBe(1)
    expect(Date.now() - mined).toBeLessThanOrEqual(5_000)
  })

  it('says above the list from when ETH transfers are shown when the services cannot show earlier ones', async () => {
    // The real answer, as services whose node has no traces give it.
    const from = new Date(new Date().getFullYear(), 2, 12, 12)
    await session.page.route(/\/v1\/account\/[^/]+\/history/, async (route) => {
      const response = await route.fetch()
      const body = { ...(await response.json()), nativeHistoryFrom: from.toISOString() }
      await route.fulfill({ response, json: body })
    })
    await tab('Activity').click()
    const shown = from.toLocaleDateString(await session.page.evaluate(() => navigator.language), {
      day: 'numeric',
      month: 'short',
    })
    const notice = panel().getByText(`ETH transfers before ${shown} are not shown`)
    await expect.poll(() => notice.count(), { timeout: 10_000 }).toBe(1)
    await expect.poll(() => panel().getByRole('listitem').count(), { timeout: 10_000 }).toBeGreaterThan(0)
    // One sentence, above the list.
    const [sentence, list] = await Promise.all([
      notice.boundingBox(),
      panel().getByRole('listitem').first().boundingBox(),
    ])
    expect(sentence?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(list?.y ?? 0)
  })

  it('a failed Activity load shows the toast and reports ERROR_FETCH_TRANSACTIONS to the services', async () => {
    await session.page.route(/\/v1\/account\/[^/]+\/history/, (route) => route.abort('failed'))
    // The modal reports other moments too (MODAL_OPEN, …): wait for this one's event.
    const reported = session.page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/e' &&
        response.request().method() === 'POST' &&
        response.request().postDataJSON()?.props?.event === 'ERROR_FETCH_TRANSACTIONS',
    )
    await tab('Activity').click()
    await expect
      .poll(() => session.page.getByText('Failed to fetch transactions').count(), { timeout: 10_000 })
      .toBe(1)
    const response = await reported
    expect(response.status()).toBe(204)
    expect(response.request().postDataJSON()).toMatchObject({
      domain: new URL(stack.pageUrl).host,
      props: { type: 'error', event: 'ERROR_FETCH_TRANSACTIONS' },
    })
  })

  it('sends USDC from the modal: a real transaction is mined and both balances change', async () => {
    const [senderBefore, receiverBefore] = await Promise.all([
      usdcOf(seeded.address),
      usdcOf(receiver.address),
    ])
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await expect
      .poll(() => dialog().getByRole('heading', { name: 'Send' }).count(), { timeout: 5_000 })
      .toBe(1)
    const message = dialog().getByTestId('send-message')
    await expect
      .poll(() => message.textContent(), { timeout: 5_000 })
      .toBe('An amount and receiver address are required')

    await dialog().getByLabel('Amount').fill('12.5')
    await dialog().getByLabel('To', { exact: true }).fill(receiver.address)
    await expect.poll(() => message.textContent()).toBe('A token is required')
    await pickToken(dialog(), 'USDC')
    await expect
      .poll(() => message.textContent(), { timeout: 10_000 })
      .toMatch(/^Network fee: \d+\.\d{6} ETH$/)

    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await expect
      .poll(
        () =>
          session.page
            .locator('.toast')
            .first()
            .textContent()
            .catch(() => ''),
        { timeout: 20_000 },
      )
      .toContain('Transaction sent')
    const [senderAfter, receiverAfter] = await Promise.all([usdcOf(seeded.address), usdcOf(receiver.address)])
    expect(senderBefore - senderAfter).toBe(12_500_000n)
    expect(receiverAfter - receiverBefore).toBe(12_500_000n)

    // The modal follows: the token list shows the new USDC amount and Activity has the send.
    await dialog().getByRole('button', { name: 'Back' }).click()
    const shown = `${formatTokenAmount(senderAfter, 6, 3)} USDC`
    await expect
      .poll(() => panel().getByRole('list', { name: 'Tokens' }).textContent(), { timeout: 10_000 })
      .toContain(shown)
    await tab('Activity').click()
    await expect.poll(() => panel().getByText('−12.5 USDC').count(), { timeout: 10_000 }).toBeGreaterThan(0)
  })

  it('says so when the node cannot estimate the network fee, instead of estimating forever', async () => {
    // The node refuses to estimate, as it does for a transfer that would revert.
    await session.page.route(`${stack.rpcUrl}**`, async (route) => {
      const call = route.request().postDataJSON() as { id?: number; method?: string } | null
      if (call?.method !== 'eth_estimateGas') return route.continue()
      return route.fulfill({
        headers: { 'access-control-allow-origin': '*' },
        json: { jsonrpc: '2.0', id: call.id, error: { code: 3, message: 'execution reverted' } },
      })
    })
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await dialog().getByLabel('Amount').fill('1')
    await dialog().getByLabel('To', { exact: true }).fill(receiver.address)
    await pickToken(dialog(), 'USDC')
    await expect
      .poll(
        () => dialog().getByText('The network fee could not be estimated; the transfer may fail').count(),
        {
          timeout: 10_000,
        },
      )
      .toBe(1)
    expect(await dialog().getByText('Estimating network fee…').count()).toBe(0)
  })

  it('shows the address as a QR code and text on Receive, with the network', async () => {
    await dialog().getByRole('button', { name: 'Receive', exact: true }).click()
    const qr = dialog().getByRole('img', { name: `QR code of ${seeded.address}` })
    await expect.poll(() => qr.count(), { timeout: 5_000 }).toBe(1)
    expect(await qr.locator('path').count()).toBe(1)
    expect(await dialog().getByTestId('receive-address').textContent()).toBe(seeded.address)
    expect(await dialog().textContent()).toContain('Network: Anvil')
  })
})
