import type { EmbeddedHost } from '@portico/core/internal'
import { APPROVAL_RPC_METHODS, SAFE_RPC_METHODS } from '@portico/core/shared'
import { expect, test } from 'vitest'
import type { FrameClient } from './frame-client.ts'
import { createEmbeddedProvider } from './provider.ts'

/**
 * The provider over a recording stand-in for the frame: which calls reach it, which put the modal
 * on ApproveTransaction, and whether the modal's cancel withdraws the request from the frame.
 */
function setup(options: { cancelAtOnce?: boolean } = {}) {
  const forwarded: string[] = []
  const asked: string[] = []
  const finished: string[] = []
  const refused: string[] = []
  const frame = {
    request: async (_type: string, payload: { method: string }, signal?: AbortSignal) => {
      forwarded.push(payload.method)
      if (signal?.aborted) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      return { result: 'ok' }
    },
  } as unknown as FrameClient
  const host: EmbeddedHost = {
    approving: ({ method }, cancel) => {
      asked.push(method)
      if (options.cancelAtOnce) cancel()
      return () => void finished.push(method)
    },
    alert: () => {},
    disallowed: (method) => void refused.push(method),
  }
  const provider = createEmbeddedProvider({
    frame,
    chainId: 31337,
    accounts: () => ['0x1'],
    host: () => host,
  })
  return { provider, forwarded, asked, finished, refused }
}

test('every safe method reaches the frame without asking the user', async () => {
  const { provider, forwarded, asked } = setup()
  for (const method of SAFE_RPC_METHODS.filter((m) => m !== 'eth_accounts' && m !== 'eth_chainId'))
    await provider.request({ method, params: [] })
  expect(asked).toEqual([])
  expect(forwarded).toHaveLength(SAFE_RPC_METHODS.length - 2)
})

test('every not-safe method goes to the frame for approval while the modal shows it, then lets the modal go', async () => {
  const { provider, forwarded, asked, finished } = setup()
  for (const method of APPROVAL_RPC_METHODS) await provider.request({ method, params: [] })
  expect(asked).toEqual([...APPROVAL_RPC_METHODS])
  expect(forwarded).toEqual([...APPROVAL_RPC_METHODS])
  expect(finished).toEqual([...APPROVAL_RPC_METHODS])
})

test('a request the modal withdraws (a forced close) is withdrawn from the frame and fails with 4001', async () => {
  const { provider, finished } = setup({ cancelAtOnce: true })
  await expect(provider.request({ method: 'personal_sign', params: [] })).rejects.toMatchObject({
    code: 4001,
  })
  expect(finished).toEqual(['personal_sign'])
})

test('any other method is refused with 4200 and reported to the modal', async () => {
  const { provider, forwarded, refused } = setup()
  for (const method of ['eth_sign', 'eth_signTransaction', 'wallet_addEthereumChain', 'ETH_CALL']) {
    await expect(provider.request({ method })).rejects.toMatchObject({
      code: 4200,
      details: 'Requested RPC call is not allowed',
    })
  }
  expect(refused).toEqual(['eth_sign', 'eth_signTransaction', 'wallet_addEthereumChain', 'ETH_CALL'])
  expect(forwarded).toEqual([])
})

test('accounts and chain are answered locally; another chain is 4902', async () => {
  const { provider, forwarded } = setup()
  expect(await provider.request({ method: 'eth_accounts' })).toEqual(['0x1'])
  expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  await expect(
    provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
  ).rejects.toMatchObject({ code: 4902 })
  expect(forwarded).toEqual([])
})
