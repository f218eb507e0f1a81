import type { Browser, Page } from 'playwright-core'
import { createPublicClient, erc20Abi, type Hex, http, parseAbi, parseEventLogs, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from './browser.ts'
import { poll } from './mailbox.ts'
import { secureFrameOf } from './secure-frame.ts'
import { fundWithToken, logInAsNewUser, openAccount, tokenBalances } from './smart-account-session.ts'

/** The demo page's EIP-5792 batch, as the smart account and refused as the EOA. */
const stack = inject('stack')
const usdc = stack.deployment.tokens.USDC as Hex
const chain = createPublicClient({ transport: http(stack.rpcUrl) })
const usdcOf = tokenBalances(stack.rpcUrl, usdc)
const receiver = privateKeyToAccount(generatePrivateKey()).address
const userOperationEvent = parseAbi([
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
])

let browser: Browser
let page: Page
let smartAccount: Hex

beforeAll(async () => {
  browser = await launchChromium()
  page = await (await browser.newContext()).newPage()
})
afterAll(async () => {
  await browser?.close()
})

const sendBatch = async () => {
  await page.getByLabel('Recipient').fill(receiver)
  await page.getByRole('button', { name: 'Send a batch (1 + 2 USDC)' }).click()
}

describe('the demo page sends two USDC transfers as one batch (wallet_sendCalls)', () => {
  it('the frame shows both transfers in words; approved, one sponsored operation carries both', async () => {
    smartAccount = await logInAsNewUser(page, stack, `batch-${Date.now()}@example.com`)
    // USDC only: the paymaster pays the gas, the account holds no ETH at all.
    await fundWithToken(stack.rpcUrl, usdc, smartAccount, '10')
    await sendBatch()
    const frame = secureFrameOf(page)
    await poll(() => frame.getByRole('button', { name: 'Approve' }).count(), { timeout: 10_000 }).toBe(1)
    expect(await frame.getByText('Send 2 calls at once: all of them happen, or none').count()).toBe(1)
    expect(await frame.getByText('1. Token transfer').count()).toBe(1)
    expect(await frame.getByText('2. Token transfer').count()).toBe(1)
    expect(await frame.getByText(usdc).count()).toBe(2)
    expect(await frame.getByText(receiver).count()).toBe(2)
    expect(await frame.getByText('1000000 base units').count()).toBe(1)
    expect(await frame.getByText('2000000 base units').count()).toBe(1)
    expect(await frame.getByText('Sponsored', { exact: true }).count()).toBe(1)
    await frame.getByRole('button', { name: 'Approve' }).click()

    const outcome = page.getByTestId('wallet-batch')
    await poll(() => outcome.textContent(), { timeout: 30_000 }).toMatch(
      /^Confirmed: both transfers in transaction 0x[0-9a-f]{64}$/,
    )
    expect(await usdcOf(receiver)).toBe(parseUnits('3', 6))
    expect(await usdcOf(smartAccount)).toBe(parseUnits('7', 6))
    expect(await chain.getBalance({ address: smartAccount })).toBe(0n)

    // One transaction, one user operation of this account, two USDC transfers inside it.
    const hash = ((await outcome.textContent()) ?? '').split(' ').pop() as Hex
    const { logs } = await chain.getTransactionReceipt({ hash })
    const operations = parseEventLogs({ abi: userOperationEvent, logs, eventName: 'UserOperationEvent' })
    expect(operations.map((event) => [event.args.sender, event.args.success])).toEqual([[smartAccount, true]])
    const transfers = parseEventLogs({ abi: erc20Abi, logs, eventName: 'Transfer' })
    expect(transfers.map((event) => [event.address, event.args.to, event.args.value])).toEqual([
      [usdc.toLowerCase(), receiver, parseUnits('1', 6)],
      [usdc.toLowerCase(), receiver, parseUnits('2', 6)],
    ])
  })

  it("as the EOA the batch is refused with EIP-5792's 5760 and the frame's reason; nothing is sent", async () => {
    await openAccount(page)
    await page.getByRole('dialog').getByRole('button', { name: 'Use EOA' }).click()
    await poll(() => page.getByRole('dialog').getByTitle('Account type').textContent(), {
      timeout: 10_000,
    }).toBe('EOA')
    await page.keyboard.press('Escape')
    await poll(() => page.getByRole('dialog').count()).toBe(0)

    await sendBatch()
    await poll(() => page.getByTestId('wallet-error').textContent(), { timeout: 10_000 }).toBe(
      '5760 The wallet does not support atomic execution but the request requires it. (Batched calls need the smart account: switch to it in the account view)',
    )
    expect(await secureFrameOf(page).getByRole('button', { name: 'Approve' }).count()).toBe(0)
    expect(await usdcOf(receiver)).toBe(parseUnits('3', 6))
    expect(await usdcOf(smartAccount)).toBe(parseUnits('7', 6))
  })
})
