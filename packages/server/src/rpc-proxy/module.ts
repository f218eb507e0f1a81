import { z } from 'zod'
import { fromEnvParser, integer } from '../module-settings.ts'
import { closeOnAppClose, defineModule } from '../server-module.ts'
import type { RpcProxyOptionsInput } from './config.ts'
import { rpcUpstreamsFromEnv } from './config.ts'
import { rpcProxyPlugin } from './routes.ts'
import type { RpcProxy } from './service.ts'
import { startRpcProxy } from './service.ts'

/** `POST /v1/rpc`: the JSON-RPC proxy that ranks and fails over between each chain's upstreams. */
export const rpcProxyModule = defineModule({
  name: 'rpc-proxy',
  settings: z.object({
    RPC_UPSTREAMS: fromEnvParser(rpcUpstreamsFromEnv).optional(),
    // The proxy's limits (rpc-proxy/config.ts has the defaults): cost units a second, blocks a call.
    RPC_RATE_PER_IP: integer(1, 1_000_000).optional(),
    RPC_RATE_PER_PROJECT: integer(1, 100_000_000).optional(),
    RPC_MAX_LOG_BLOCKS: integer(1, 100_000_000).optional(),
  }),
  // The proxy serves the configured chain through its own node unless upstreams are named.
  configure: (vars, { chain }) => ({
    rpcProxy: {
      upstreams: vars.RPC_UPSTREAMS ?? { [chain.chainId]: [chain.rpcUrl] },
      limits: {
        ...(vars.RPC_RATE_PER_IP ? { ipPerSecond: vars.RPC_RATE_PER_IP } : {}),
        ...(vars.RPC_RATE_PER_PROJECT ? { projectPerSecond: vars.RPC_RATE_PER_PROJECT } : {}),
        ...(vars.RPC_MAX_LOG_BLOCKS ? { maxLogBlocks: vars.RPC_MAX_LOG_BLOCKS } : {}),
      },
    },
  }),
  // The chain's own node, unless RPC_UPSTREAMS names several.
  development: ({ env, chain }) => ({
    rpcProxy: { upstreams: rpcUpstreamsFromEnv(env.RPC_UPSTREAMS) ?? { [chain.chainId]: [chain.rpcUrl] } },
  }),
  setUp: ({ options }) => {
    const settings = options.rpcProxy
    if (!settings) return undefined
    return {
      start: (scope) => {
        const rpcProxy = startRpcProxy(settings)
        closeOnAppClose(scope, () => rpcProxy.stop())
        return { rpcProxy }
      },
    }
  },
  async projectRoutes(v1, { options }) {
    const { rpcProxy } = options
    if (rpcProxy) await v1.register(rpcProxyPlugin, { proxy: rpcProxy })
  },
})

// This domain's options of `startServer` and `buildServer`, declared beside it (declaration merging).
declare module '../server-options.ts' {
  interface StartServerOptions {
    /**
     * Turns on `POST /v1/rpc`: per chain id, the upstream JSON-RPC URLs the proxy ranks and
     * fails over between, e.g. `{ upstreams: { 31337: ['http://a:8545', 'http://b:8545'] } }`.
     */
    rpcProxy?: RpcProxyOptionsInput
  }
  interface BuildServerOptions {
    /**
     * The JSON-RPC proxy's chains and upstreams (`startRpcProxy`); absent, `POST /v1/rpc` does not
     * exist. The embedded wallet relays its reads through it when it serves the wallet's chain.
     */
    rpcProxy?: RpcProxy | undefined
  }
}
