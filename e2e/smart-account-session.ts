import { DEV_ACCOUNTS, demoTokenAbi } from '@portico/contracts'
import type { Page } from 'playwright-core'
import { createPublicClient, createWalletClient, type Hex, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { typeMailedCode } from './email-login.ts'
import { poll } from './mailbox.ts'
import { declinePasskeyOffer } from './secure-frame.ts'

/** The e2e stack's chain and services, as the smart-account files use them. */
interface Stack {
  rpcUrl: string
  servicesUrl: string
  pageUrl: string
}

/** The connected account as the page shows it (`eip155:<chain>:<address>`). */
export async function connectedAddress(page: Page): Promise<Hex> {
  const text = (await page.getByText(/^eip155:\d+:0x[0-9a-fA-F]{40}$/).textContent()) ?? ''
  return text.split(':')[2] as Hex
}

/** A new e-mail user logs in on the page and is connected with their smart account; its address. */
export async function logInAsNewUser(page: Page, stack: Stack, email: string): Promise<Hex> {
  await page.goto(`${stack.pageUrl}/?signIn=off`)
  await typeMailedCode(page, stack.servicesUrl, email)
  // The wallet is made once the visitor answered the passkey offer.
  await declinePasskeyOffer(page)
  await poll(() => page.getByTestId('status').textContent(), { timeout: 20_000 }).toBe('connected')
  await poll(() => page.getByRole('dialog').count()).toBe(0)
  return connectedAddress(page)
}

/** Opens the modal's Account view. */
export async function openAccount(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account / }).click()
  await poll(() => page.getByRole('dialog').getByTitle('Account type').count()).toBe(1)
}

/** Token balances on the stack's chain. */
export function tokenBalances(rpcUrl: string, token: Hex) {
  const chain = createPublicClient({ transport: http(rpcUrl) })
  return (address: Hex) =>
    chain.readContract({ address: token, abi: demoTokenAbi, functionName: 'balanceOf', args: [address] })
}

/** Sends `amount` of the 6-decimal demo `token` from dev account 3 to `to` and waits until it is mined. */
export async function fundWithToken(rpcUrl: string, token: Hex, to: Hex, amount: string): Promise<void> {
  const holder = DEV_ACCOUNTS[3] as { privateKey: Hex }
  const wallet = createWalletClient({
    account: privateKeyToAccount(holder.privateKey),
    transport: http(rpcUrl),
  })
  const hash = await wallet.writeContract({
    chain: null,
    address: token,
    abi: demoTokenAbi,
    functionName: 'transfer',
    args: [to, parseUnits(amount, 6)],
  })
  await createPublicClient({ transport: http(rpcUrl) }).waitForTransactionReceipt({ hash })
}
