import { isIP } from 'node:net'
import type { FastifyServerOptions } from 'fastify'

export type TrustProxy = FastifyServerOptions['trustProxy']

/**
 * `TRUST_PROXY` as Fastify's `trustProxy`: behind a reverse proxy every visitor arrives from the
 * proxy's address, so per-IP limits (OTP, analytics) would lump them together unless the proxy's
 * `X-Forwarded-For` is believed — from the proxies named here only. Unset: no proxy is trusted.
 * `true` trusts any; otherwise a comma-separated list of addresses and CIDR ranges
 * (`127.0.0.1,10.0.0.0/8`).
 */
export function trustProxyFromEnv(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? ''
  if (text === '' || text === 'false') return undefined
  if (text === 'true') return true
  const entries = text.split(',').map((entry) => entry.trim())
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/')
    const family = isIP(address)
    const validPrefix =
      prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32))
    if (family === 0 || !validPrefix || extra !== undefined) {
      throw new Error(
        `TRUST_PROXY: "${entry}" is not an IP address or CIDR range (use true, or addresses like 127.0.0.1,10.0.0.0/8)`,
      )
    }
  }
  return entries.join(',')
}
