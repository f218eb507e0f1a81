import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { devWalletPlugin } from './routes.ts'

const config = {
  projectId: 'p</script><script>alert(1)</script>',
  relayUrl: 'ws://localhost:3001/v1/wc-relay',
  chainId: 31337,
  rpcUrl: 'http://127.0.0.1:8545/',
  privateKey: `0x${'11'.repeat(32)}`,
}

async function app() {
  const server = Fastify()
  await server.register(devWalletPlugin, { config, assets: { script: 'void 0', style: 'body{}' } })
  return server
}

describe('the dev wallet page', () => {
  it('allows only its own script and style, and connects only to the relay and the chain', async () => {
    const response = await (await app()).inject('/dev/wallet')
    expect(response.statusCode).toBe(200)
    const csp = response.headers['content-security-policy'] as string
    expect(csp).toContain("script-src 'self';")
    expect(csp).toContain("style-src 'self';")
    expect(csp).toContain("connect-src 'self' ws://localhost:3001/v1/wc-relay http://127.0.0.1:8545;")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers['x-frame-options']).toBe('DENY')
  })

  it('hands its settings over as JSON that no value can break out of', async () => {
    const { body } = await (await app()).inject('/dev/wallet')
    expect(body).not.toContain('<script>alert(1)')
    const json = /<script type="application\/json" id="dev-wallet-config">(.*?)<\/script>/.exec(body)?.[1]
    expect(JSON.parse(json ?? '')).toEqual(config)
  })

  it('serves its built script and stylesheet with their types', async () => {
    const server = await app()
    const script = await server.inject('/dev/wallet/assets/dev-wallet.js')
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(script.body).toBe('void 0')
    const style = await server.inject('/dev/wallet/assets/dev-wallet.css')
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8')
  })
})
