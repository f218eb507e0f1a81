import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the node in front of anvil refuses; changed while it runs. */
export interface Refusals {
  /** `eth_getLogs` over more blocks than this is refused the way providers do (-32005). */
  maxLogBlocks: number
  /** `trace_filter` answers "method not found", as on a node without traces. */
  noTraces: boolean
}

export interface RefusingNode {
  url: string
  refusals: Refusals
  /** How many `eth_getLogs` calls it refused. */
  refused: number
  /** The widest `eth_getLogs` range it answered, in blocks. */
  widestAnswered: number
  stop(): Promise<void>
}

interface Call {
  id: unknown
  method: string
  params?: Array<{ fromBlock?: string; toBlock?: string }>
}

/**
 * A JSON-RPC node in front of an anvil that refuses what real providers refuse: `eth_getLogs`
 * over too many blocks, and `trace_filter` altogether when told to. Batches are answered call by
 * call; everything else is forwarded.
 */
export async function startRefusingNode(
  target: string,
  refusals: Partial<Refusals> = {},
): Promise<RefusingNode> {
  const node: RefusingNode = {
    url: '',
    refusals: { maxLogBlocks: Number.POSITIVE_INFINITY, noTraces: false, ...refusals },
    refused: 0,
    widestAnswered: 0,
    stop: async () => {},
  }
  const answer = async (call: Call): Promise<unknown> => {
    if (call.method === 'trace_filter' && node.refusals.noTraces) {
      return {
        jsonrpc: '2.0',
        id: call.id,
        error: { code: -32601, message: 'the method trace_filter does not exist/is not available' },
      }
    }
    if (call.method === 'eth_getLogs') {
      const filter = call.params?.[0] ?? {}
      const blocks = Number(BigInt(filter.toBlock ?? '0x0') - BigInt(filter.fromBlock ?? '0x0')) + 1
      if (blocks > node.refusals.maxLogBlocks) {
        node.refused++
        return {
          jsonrpc: '2.0',
          id: call.id,
          error: { code: -32005, message: 'query returned more than 10000 results' },
        }
      }
      node.widestAnswered = Math.max(node.widestAnswered, blocks)
    }
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(call),
    })
    return response.json()
  }
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Call | Call[]
    const result = Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body)
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(result))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  node.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  node.stop = () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return node
}
