import type { BrowserContext, Page } from 'playwright-core'
import { createWalletClient, type Hex, http, numberToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

type Decision = 'approve' | 'reject'

export interface TestWalletOptions {
  rpcUrl: string
  chainId: number
  privateKey: Hex
  name?: string
  rdns?: string
}

export interface TestWallet {
  address: Hex
  /** What the wallet answers to the next prompts (connect, sign, send, switch), or to one method's only; default approve. */
  decide(decision: Decision, method?: string): void
  /** Methods the page asked for, in order — what a person would have seen prompts for. */
  prompts: string[]
  /** The person switches the wallet to another chain by hand; the page hears `chainChanged`. */
  moveToChain(page: Page, chainId: number): Promise<void>
}

const PROMPTED = new Set([
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'personal_sign',
  'eth_sendTransaction',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
])

/**
 * An EIP-6963 browser wallet for the tests: the page sees an announced provider exactly like an
 * extension's; behind it a dev key signs and anvil answers everything else. Each test decides
 * whether the "person" approves or rejects the prompts.
 */
export async function installTestWallet(
  context: BrowserContext,
  options: TestWalletOptions,
): Promise<TestWallet> {
  const account = privateKeyToAccount(options.privateKey)
  const wallet = createWalletClient({ account, transport: http(options.rpcUrl) })
  let decision: Decision = 'approve'
  const byMethod = new Map<string, Decision>()
  let permitted = false
  let currentChainId = options.chainId
  const prompts: string[] = []

  async function handle(method: string, params: unknown[]): Promise<unknown> {
    if (PROMPTED.has(method)) {
      prompts.push(method)
      if ((byMethod.get(method) ?? decision) === 'reject')
        throw { code: 4001, message: 'User rejected the request.' }
    }
    switch (method) {
      case 'eth_requestAccounts':
        permitted = true
        return [account.address]
      case 'wallet_requestPermissions':
        permitted = true
        return [{ parentCapability: 'eth_accounts' }]
      case 'wallet_revokePermissions':
        permitted = false
        return null
      case 'eth_accounts':
        return permitted ? [account.address] : []
      case 'eth_chainId':
        return numberToHex(currentChainId)
      case 'wallet_switchEthereumChain': {
        const [{ chainId }] = params as [{ chainId: Hex }]
        if (Number(chainId) !== options.chainId) throw { code: 4902, message: 'Unrecognized chain ID' }
        currentChainId = options.chainId
        return null
      }
      case 'eth_sendTransaction': {
        // Signed here with the dev key and sent raw, as an extension does: the gas and fee caps the
        // page suggests are used (as MetaMask's "site suggested"), anything left out is filled in.
        const [tx] = params as [
          { to?: Hex; value?: Hex; data?: Hex; gas?: Hex; maxFeePerGas?: Hex; maxPriorityFeePerGas?: Hex },
        ]
        const quantity = (value: Hex | undefined) => (value === undefined ? undefined : BigInt(value))
        return wallet.sendTransaction({
          chain: null,
          to: tx.to,
          value: quantity(tx.value),
          data: tx.data,
          gas: quantity(tx.gas),
          maxFeePerGas: quantity(tx.maxFeePerGas),
          maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas),
        })
      }
      case 'personal_sign': {
        const [message] = params as [Hex]
        return wallet.signMessage({ message: { raw: message } })
      }
      default: {
        const response = await fetch(options.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        })
        const body = (await response.json()) as {
          result?: unknown
          error?: { code: number; message: string }
        }
        if (body.error) throw body.error
        return body.result
      }
    }
  }

  await context.exposeFunction('__porticoTestWallet', async (request: string) => {
    const { method, params } = JSON.parse(request) as { method: string; params?: unknown[] }
    try {
      return JSON.stringify({ result: await handle(method, params ?? []) })
    } catch (error) {
      const { code = -32603, message = String(error) } = error as { code?: number; message?: string }
      return JSON.stringify({ error: { code, message } })
    }
  })
  // tsx compiles with keepNames, which wraps inner functions in a `__name` helper the page lacks.
  await context.addInitScript('globalThis.__name ??= (fn) => fn')
  await context.addInitScript(pageSideProvider, {
    name: options.name ?? 'Test Wallet',
    rdns: options.rdns ?? 'dev.portico.testwallet',
  })
  return {
    address: account.address,
    decide: (next, method) => {
      if (method) byMethod.set(method, next)
      else decision = next
    },
    prompts,
    async moveToChain(page, chainId) {
      currentChainId = chainId
      await page.evaluate((hex) => {
        const emit = (window as unknown as { __porticoTestWalletEmit(event: string, payload: unknown): void })
          .__porticoTestWalletEmit
        emit('chainChanged', hex)
      }, numberToHex(chainId))
    },
  }
}

/** Runs inside the page before any of its scripts: announces the provider the EIP-6963 way. */
function pageSideProvider(info: { name: string; rdns: string }) {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const bridge = (window as unknown as { __porticoTestWallet(request: string): Promise<string> })
    .__porticoTestWallet
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      const answer = JSON.parse(await bridge(JSON.stringify({ method, params }))) as {
        result?: unknown
        error?: { code: number; message: string }
      }
      if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
      if (method === 'wallet_revokePermissions')
        for (const fn of listeners.get('accountsChanged') ?? []) fn([])
      if (method === 'wallet_switchEthereumChain') {
        const [{ chainId }] = params as [{ chainId: string }]
        for (const fn of listeners.get('chainChanged') ?? []) fn(chainId)
      }
      return answer.result
    },
    on(event: string, fn: (...args: unknown[]) => void) {
      const set = listeners.get(event) ?? new Set()
      set.add(fn)
      listeners.set(event, set)
    },
    removeListener(event: string, fn: (...args: unknown[]) => void) {
      listeners.get(event)?.delete(fn)
    },
  }
  ;(
    window as unknown as { __porticoTestWalletEmit(event: string, payload: unknown): void }
  ).__porticoTestWalletEmit = (event, payload) => {
    for (const fn of listeners.get(event) ?? []) fn(payload)
  }
  const icon =
    'data:image/svg+xml;base64,' +
    btoa(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#7b61ff"/></svg>',
    )
  const detail = Object.freeze({
    info: Object.freeze({ uuid: crypto.randomUUID(), name: info.name, icon, rdns: info.rdns }),
    provider,
  })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
}
