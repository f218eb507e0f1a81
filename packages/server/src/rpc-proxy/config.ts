import { z } from 'zod'

const CHAIN_ID = /^[1-9]\d{0,15}$/
const UpstreamUrl = z.url({ protocol: /^https?$/, error: 'upstreams must be http(s) URLs' })

/** `startServer`'s `rpcProxy`: each chain the proxy serves, with its upstream JSON-RPC URLs. */
export const RpcProxyOptions = z.object({
  upstreams: z
    .record(z.string(), z.array(UpstreamUrl).min(1, 'each chain needs at least one upstream'))
    .superRefine((chains, context) => {
      const keys = Object.keys(chains)
      if (keys.length === 0) context.addIssue({ code: 'custom', message: 'name at least one chain' })
      for (const key of keys.filter((key) => !CHAIN_ID.test(key)))
        context.addIssue({ code: 'custom', message: `keys must be chain ids such as "31337", not "${key}"` })
    }),
})
export type RpcProxyOptionsInput = z.input<typeof RpcProxyOptions>

/**
 * `RPC_UPSTREAMS` as the proxy's upstreams, e.g. `{"31337":["http://a:8545","http://b:8545"]}`;
 * unset or empty means none was given (the caller's default applies).
 */
export function rpcUpstreamsFromEnv(json: string | undefined): Record<string, string[]> | undefined {
  if (json === undefined || json.trim() === '') return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    throw new Error('RPC_UPSTREAMS: must be JSON, e.g. {"31337":["http://127.0.0.1:8545"]}')
  }
  const result = RpcProxyOptions.shape.upstreams.safeParse(parsed)
  if (!result.success) throw new Error(`RPC_UPSTREAMS: ${result.error.issues[0]?.message ?? 'invalid'}`)
  return result.data
}
