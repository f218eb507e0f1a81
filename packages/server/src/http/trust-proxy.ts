import { isIP } from 'node:net'
import type { FastifyInstance, FastifyServerOptions } from 'fastify'

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

/**
 * Says once, on the first request that came through a proxy (it carries `X-Forwarded-For`), that
 * `TRUST_PROXY` is unset: every visitor then counts as the proxy's one address for the per-IP
 * limits (logins, codes, rate limits), so one visitor's mistakes slow everyone down.
 */
export function warnOfUntrustedProxy(app: FastifyInstance): void {
  let warned = false
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return
    warned = true
    request.log.warn(
      "Requests arrive through a proxy (X-Forwarded-For) but TRUST_PROXY is unset: every visitor counts as the proxy's address for per-IP limits. Set TRUST_PROXY to the proxy's address.",
    )
  })
}
