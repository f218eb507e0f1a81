import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEV_ACCOUNTS, demoTokenAbi } from '@portico/contracts'
import type { Browser, Page } from 'playwright-core'
import {
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  parseEther,
  parseUnits,
  verifyMessage,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { freePort } from '../packages/contracts/src/testing.ts'
import { type Stack, startStack } from '../scripts/stack.ts'
import { launchChromium } from './browser.ts'
import { typeMailedCode } from './email-login.ts'
import { fundFromDevAccount } from './fund.ts'
import { poll } from './mailbox.ts'
import { newPasskeyDevice } from './passkey-device.ts'
import { secureFrameOf } from './secure-frame.ts'

// A stack of its own: the shared one offers smart accounts, whose users keep their address when
// they rotate. Here the services run without a bundler, as on a chain without ERC-4337.
let stack: Stack
let dataDir: string
let browser: Browser
const MESSAGE = 'Hello from Portico'

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portico-e2e-eoa-'))
  stack = await startStack({
    dataDir,
    smartAccounts: false,
    anvilPort: await freePort(),
    serverPort: await freePort(),
    webPort: await freePort(),
  })
  browser = await launchChromium()
}, 240_000)
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const dialog = (p: Page) => p.getByRole('dialog')
const frame = (p: Page) => secureFrameOf(p)

async function shownAddress(p: Page): Promise<Hex> {
  const text = (await p.getByText(/^eip155:\d+:0x[0-9a-fA-F]{40}$/).textContent()) ?? ''
  return text.split(':')[2] as Hex
}

it('an EOA user who said "Not now" moves to a new address only the passkey recovers: the card lists the ETH and the token, moves them, and the new key signs', async () => {
  const { context, page: p } = await newPasskeyDevice(browser)
  try {
    const email = `eoa-rotate-${Date.now()}@example.com`
    await p.goto(`${stack.pageUrl}/?signIn=off&account=eoa`)
    await typeMailedCode(p, stack.servicesUrl, email)
    await poll(() => frame(p).getByRole('button', { name: 'Not now' }).count(), { timeout: 20_000 }).toBe(1)
    await frame(p).getByRole('button', { name: 'Not now' }).click()
    await poll(() => p.getByTestId('status').textContent(), { timeout: 20_000 }).toBe('connected')
    const old = await shownAddress(p)

    // The wallet holds ETH and a token before its key changes.
    const chain = createPublicClient({ transport: http(stack.rpcUrl) })
    await fundFromDevAccount(stack.rpcUrl, 0, old, '2')
    const usdc = stack.deployment.tokens.USDC
    const funder = createWalletClient({
      account: privateKeyToAccount(DEV_ACCOUNTS[0]?.privateKey as Hex),
      transport: http(stack.rpcUrl),
    })
    const sent = await funder.writeContract({
      chain: null,
      address: usdc.address,
      abi: demoTokenAbi,
      functionName: 'transfer',
      args: [old, parseUnits('25', usdc.decimals)],
    })
    await chain.waitForTransactionReceipt({ hash: sent })

    await p.getByRole('button', { name: /^Account / }).click()
    await dialog(p).getByRole('button', { name: 'Protect with a passkey' }).click()
    await frame(p).getByRole('button', { name: 'Create a passkey' }).click()
    await poll(
      () =>
        dialog(p)
          .getByText('Recovery shares issued before stay valid until your wallet moves to a new key.')
          .count(),
      { timeout: 20_000 },
    ).toBe(1)
    await dialog(p).getByRole('button', { name: 'Make recovery yours alone' }).click()

    // The card waits for the services to have read the address's past, then lists what moves on its
    // own: no block comes meanwhile on this chain, and nobody clicks Try again.
    const plan = frame(p).getByRole('list', { name: 'What will move' })
    await poll(() => plan.count(), { timeout: 30_000 }).toBe(1)
    expect(await plan.getByText('25 USDC', { exact: true }).count()).toBe(1)
    expect(await plan.getByText(/^About 1\.99\d* ETH, after fees$/).count()).toBe(1)
    expect(await frame(p).getByText(old, { exact: true }).count()).toBe(1)
    await frame(p).getByRole('button', { name: 'Approve' }).click()

    // The report of what moved, and the new address.
    await poll(() => frame(p).getByRole('heading').textContent(), { timeout: 120_000 }).toBe(
      'Your wallet has a new address',
    )
    const report = frame(p).getByRole('list', { name: 'What moved' })
    expect(await report.getByText('Moved: 25 USDC', { exact: true }).count()).toBe(1)
    expect(await report.getByText(/^Moved: 1\.99\d* ETH$/).count()).toBe(1)
    await frame(p).getByRole('button', { name: 'Done' }).click()
    await poll(() => p.getByText('Your wallet has a new key: only your passkey can recover it').count(), {
      timeout: 20_000,
    }).toBe(1)
    await p.keyboard.press('Escape')
    await poll(() => dialog(p).count()).toBe(0)

    // The page shows the new address; the old one holds nothing worth a transaction.
    await poll(() => shownAddress(p), { timeout: 20_000 }).not.toBe(old)
    const next = await shownAddress(p)
    const usdcOf = (owner: Hex) =>
      chain.readContract({
        address: usdc.address,
        abi: demoTokenAbi,
        functionName: 'balanceOf',
        args: [owner],
      })
    expect(await usdcOf(old)).toBe(0n)
    expect(await usdcOf(next)).toBe(parseUnits('25', usdc.decimals))
    expect(await chain.getBalance({ address: old })).toBeLessThan(parseEther('0.01'))
    expect(await chain.getBalance({ address: next })).toBeGreaterThan(parseEther('1.99'))

    // The new key signs for the new address.
    await p.getByRole('button', { name: 'Sign a message' }).click()
    await frame(p).getByRole('button', { name: 'Approve' }).click()
    const output = p.getByTestId('wallet-signature')
    await poll(() => output.count(), { timeout: 20_000 }).toBe(1)
    const signature = (await output.textContent()) as Hex
    expect(await verifyMessage({ address: next, message: MESSAGE, signature })).toBe(true)
  } finally {
    await context.close()
  }
}, 360_000)
