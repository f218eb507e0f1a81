import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { JsonRpcErrorCode } from '@portico/core/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerRpc } from './rpc.ts'

/** A node that answers each method with the body the test names: a real HTTP round trip. */
const BODIES: Record<string, string> = {
  eth_blockNumber: JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x10' }),
  eth_call: JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: 3, message: 'execution reverted' } }),
  eth_getBalance: JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: 'oops', detail: 42 } }),
  eth_chainId: '<html>502 Bad Gateway</html>',
}

let node: Server
let rpcUrl: string
beforeAll(async () => {
  node = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk) => {
      text += chunk
    })
    request.on('end', () => {
      const { method } = JSON.parse(text) as { method: string }
      response.setHeader('content-type', 'application/json')
      response.end(BODIES[method] ?? '{}')
    })
  })
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve))
  rpcUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => node.close(() => resolve())))

describe("the embedded wallet's reads through the services", () => {
  const ask = (method: string) => answerRpc({ rpcUrl, chainId: 31337 }, { method, params: [] }, null)

  it("passes the node's result and its JSON-RPC error on as they are", async () => {
    expect(await ask('eth_blockNumber')).toEqual({ result: '0x10' })
    expect(await ask('eth_call')).toEqual({ error: { code: 3, message: 'execution reverted' } })
  })

  it('says the chain is unavailable, in words, when the node answers an error of another shape or no JSON at all', async () => {
    const unavailable = {
      error: {
        code: JsonRpcErrorCode.RESOURCE_UNAVAILABLE,
        message: 'The chain answered with something that is not JSON-RPC',
      },
    }
    expect(await ask('eth_getBalance')).toEqual(unavailable)
    expect((await ask('eth_chainId')) as { error: { code: number } }).toMatchObject({
      error: { code: JsonRpcErrorCode.RESOURCE_UNAVAILABLE },
    })
  })
})
