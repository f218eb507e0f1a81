import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Database } from '../db/database.ts'
import { createProject } from '../projects/repository.ts'
import type { RpcProxyOptionsInput } from '../rpc-proxy/config.ts'
import { FORWARDING, type PoolSettings } from '../rpc-proxy/pool.ts'
import type { ChainRelay } from '../rpc-proxy/relay.ts'
import { type RpcProxy, startRpcProxy } from '../rpc-proxy/service.ts'
import { buildServer } from '../server.ts'

export const PAGE_ORIGIN = 'https://dapp.example'
export const CHAIN_ID = 31337

/**
 * The proxy's forwarding with times a test can wait for: a 1 s timeout, sampling every 250 ms
 * (400 ms to answer one). Retries and their delays are the real ones.
 */
export const TEST_SETTINGS: PoolSettings = {
  ...FORWARDING,
  timeoutMs: 1_000,
  intervalMs: 250,
  sampleCount: 10,
  sampleTimeoutMs: 400,
}

export interface ProxyApp {
  app: FastifyInstance
  proxy: RpcProxy
  relay: ChainRelay
  projectId: string
  /** `POST /v1/rpc` from the project's page (from `ip` if given); a string body is sent as it is. */
  rpc(body: unknown, query?: string, ip?: string): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

/** The services with only the RPC proxy on, for chain 31337 over `upstreams`, and a project for the page. */
export async function startProxyApp(
  database: Database,
  upstreams: string[],
  settings: PoolSettings = TEST_SETTINGS,
  limits?: RpcProxyOptionsInput['limits'],
): Promise<ProxyApp> {
  const proxy = startRpcProxy({ upstreams: { [CHAIN_ID]: upstreams }, limits }, settings)
  const app = await buildServer({ database, rpcProxy: proxy })
  const { id: projectId } = await createProject(database.db, { name: 'Dapp', origins: [PAGE_ORIGIN] })
  const relay = proxy.relayFor(CHAIN_ID)
  if (!relay) throw new Error('the proxy serves no chain 31337')
  return {
    app,
    proxy,
    relay,
    projectId,
    rpc: (body, query = `chainId=${CHAIN_ID}`, ip) =>
      app.inject({
        method: 'POST',
        ...(ip ? { remoteAddress: ip } : {}),
        url: `/v1/rpc?${query}&projectId=${projectId}`,
        headers: { origin: PAGE_ORIGIN, 'content-type': 'application/json' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    close: async () => {
      proxy.stop()
      await app.close()
    },
  }
}

/** A JSON-RPC call as a client sends it. */
export const call = (id: number | string, method: string, params: unknown[] = []) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
})

/** Asks a node directly, for the answers the proxy must match. */
export async function askNode(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return response.json()
}

/** Polls until `check` holds, or fails after `ms`. */
export async function eventually(check: () => boolean, ms: number, what: string): Promise<void> {
  for (const deadline = Date.now() + ms; !check(); ) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
