import { APPROVAL_RPC_METHODS, type EmbeddedHost, SAFE_RPC_METHODS } from '@portico/core'
import { expect, test } from 'vitest'
import type { FrameClient } from './frame-client.ts'
import { createEmbeddedProvider } from './provider.ts'

/** The provider over a recording stand-in for the frame: which calls reach it, and which ask first. */
function setup(decision: boolean) {
  const forwarded: string[] = []
  const asked: string[] = []
  const refused: string[] = []
  const frame = {
    request: async (_type: string, payload: { method: string }) => {
      forwarded.push(payload.method)
      return { result: 'ok' }
    },
  } as unknown as FrameClient
  const host: EmbeddedHost = {
    approve: async ({ method }) => {
      asked.push(method)
      return decision
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
  return { provider, forwarded, asked, refused }
}

test('every safe method reaches the frame without asking the user', async () => {
  const { provider, forwarded, asked } = setup(true)
  for (const method of SAFE_RPC_METHODS.filter((m) => m !== 'eth_accounts' && m !== 'eth_chainId'))
    await provider.request({ method, params: [] })
  expect(asked).toEqual([])
  expect(forwarded).toHaveLength(SAFE_RPC_METHODS.length - 2)
})

test('every not-safe method is approved first; a rejection is 4001 and never reaches the frame', async () => {
  const approving = setup(true)
  for (const method of APPROVAL_RPC_METHODS) await approving.provider.request({ method, params: [] })
  expect(approving.asked).toEqual([...APPROVAL_RPC_METHODS])
  expect(approving.forwarded).toEqual([...APPROVAL_RPC_METHODS])

  const rejecting = setup(false)
  for (const method of APPROVAL_RPC_METHODS) {
    await expect(rejecting.provider.request({ method, params: [] })).rejects.toMatchObject({ code: 4001 })
  }
  expect(rejecting.forwarded).toEqual([])
})

test('any other method is refused with 4200 and reported to the modal', async () => {
  const { provider, forwarded, refused } = setup(true)
  for (const method of ['eth_sign', 'eth_signTransaction', 'wallet_addEthereumChain', 'ETH_CALL']) {
    await expect(provider.request({ method })).rejects.toMatchObject({
      code: 4200,
      message: 'Requested RPC call is not allowed',
    })
  }
  expect(refused).toEqual(['eth_sign', 'eth_signTransaction', 'wallet_addEthereumChain', 'ETH_CALL'])
  expect(forwarded).toEqual([])
})

test('accounts and chain are answered locally; another chain is 4902', async () => {
  const { provider, forwarded } = setup(true)
  expect(await provider.request({ method: 'eth_accounts' })).toEqual(['0x1'])
  expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  await expect(
    provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
  ).rejects.toMatchObject({ code: 4902 })
  expect(forwarded).toEqual([])
})
