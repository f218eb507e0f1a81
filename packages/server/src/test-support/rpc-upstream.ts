import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { setTimeout as pause } from 'node:timers/promises'

/** How a test upstream behaves; changed while it runs. */
export interface UpstreamBehaviour {
  /** Held this long before it forwards (a slow node). */
  delayMs: number
  /** Answers its next request with 429 and `Retry-After: {seconds}`, once. */
  limitNextFor?: number | undefined
  /** Takes requests and never answers them (a node that hangs with its port open). */
  frozen?: boolean
}

/** A JSON-RPC upstream the test controls: it forwards to a real node and records what it was asked. */
export interface TestUpstream {
  url: string
  behaviour: UpstreamBehaviour
  /** Every HTTP request it received: when, and the methods it carried (a batch has several). */
  requests: { at: number; methods: string[] }[]
  /** How many calls of `method` reached it. */
  callsOf(method: string): number
  /** Stops at once: open connections are cut, new ones refused (a node that died). */
  kill(): Promise<void>
}

/** An http server in front of `target` (an anvil), on a free loopback port. */
export async function startTestUpstream(
  target: string,
  behaviour: Partial<UpstreamBehaviour> = {},
): Promise<TestUpstream> {
  const state: UpstreamBehaviour = { delayMs: 0, ...behaviour }
  const requests: TestUpstream['requests'] = []
  const sockets = new Set<Socket>()
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request)
    requests.push({ at: Date.now(), methods: methodsOf(body) })
    if (state.frozen) return
    if (state.limitNextFor !== undefined) {
      const seconds = state.limitNextFor
      state.limitNextFor = undefined
      response.writeHead(429, { 'retry-after': String(seconds), 'content-type': 'text/plain' })
      response.end('Too Many Requests')
      return
    }
    if (state.delayMs > 0) await pause(state.delayMs)
    try {
      const answer = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      const text = await answer.text()
      // With its length, as nodes send it: the proxy reads an answer's size before its body.
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      })
      response.end(text)
    } catch {
      response.destroy()
    }
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    behaviour: state,
    requests,
    callsOf: (method) => requests.flatMap((entry) => entry.methods).filter((name) => name === method).length,
    kill: async () => {
      const closed = new Promise((resolve) => server.close(resolve))
      for (const socket of sockets) socket.destroy()
      await closed
    },
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function methodsOf(body: string): string[] {
  try {
    const json = JSON.parse(body) as { method?: unknown } | { method?: unknown }[]
    return (Array.isArray(json) ? json : [json]).map((call) => String(call.method))
  } catch {
    return []
  }
}
