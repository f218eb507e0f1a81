import { createPublicClient } from 'viem'
import { anvil } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { servicesTransport } from './services-transport.ts'

describe('servicesTransport', () => {
  it("sends the wagmi config's reads to the services' proxy for the chain and project, batched", async () => {
    const sent: { url: string; body: unknown }[] = []
    const fetchFn = async (input: string | URL | Request, init?: RequestInit) => {
      sent.push({ url: String(input), body: JSON.parse(String(init?.body)) })
      const calls = JSON.parse(String(init?.body)) as { id: number }[]
      return new Response(JSON.stringify(calls.map(({ id }) => ({ jsonrpc: '2.0', id, result: '0x7a69' }))), {
        headers: { 'content-type': 'application/json' },
      })
    }
    const client = createPublicClient({
      chain: anvil,
      transport: servicesTransport({
        servicesUrl: 'https://wallet.example/',
        projectId: 'a'.repeat(32),
        chainId: anvil.id,
        config: { fetchFn },
      }),
    })
    const [one, two] = await Promise.all([client.getChainId(), client.getBlockNumber({ cacheTime: 0 })])
    expect(one).toBe(31337)
    expect(two).toBe(31337n)
    const [request] = sent as [{ url: string; body: { method: string }[] }]
    expect(sent).toHaveLength(1)
    expect(request.url).toBe(`https://wallet.example/v1/rpc?chainId=31337&projectId=${'a'.repeat(32)}`)
    expect(request.body.map((call) => call.method).sort()).toEqual(['eth_blockNumber', 'eth_chainId'])
  })
})
