import { z } from 'zod'

const CHAIN_ID = /^[1-9]\d{0,15}$/
const UpstreamUrl = z.url({ protocol: /^https?$/, error: 'upstreams must be http(s) URLs' })

/** What callers may ask of the proxy; far above what a dapp's pages ask. */
export const RPC_LIMITS = {
  /** Cost units a second per client IP (rate-limit.ts: eth_blockNumber 1, eth_call 5, eth_getLogs 20). */
  ipPerSecond: 200,
  /** And per project, all its visitors together. */
  projectPerSecond: 2_000,
  /** A bucket holds this many seconds of units: a page's burst of calls at load passes. */
  burstSeconds: 10,
  /** The widest block range one eth_getLogs (or eth_newFilter) may ask. */
  maxLogBlocks: 10_000,
} as const

const PositiveNumber = z.number().positive('must be above 0')

/** `startServer`'s `rpcProxy`: each chain the proxy serves, with its upstream JSON-RPC URLs. */
export const RpcProxyOptions = z.object({
  /** RPC_LIMITS' numbers to change. */
  limits: z
    .object({
      ipPerSecond: PositiveNumber,
      projectPerSecond: PositiveNumber,
      burstSeconds: PositiveNumber,
      maxLogBlocks: z.number().int().positive('must be a whole number above 0'),
    })
    .partial()
    .optional(),
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
