import { createServer, type Server } from 'node:net'
import { ServerErrorText } from '@portico/core/shared'
import { afterEach, expect, test } from 'vitest'
import { startServer } from './start.ts'
import { describeEachBackend, type TestStore } from './test-support/backends.ts'
import { connectRaw } from './test-support/wc-relay.ts'

const DEV_PROJECT = {
  id: 'd'.repeat(32),
  name: 'Portico dev page',
  origins: ['http://127.0.0.1:3000', 'http://localhost:3000'],
}

describeEachBackend('startServer', (backend) => {
  let store: TestStore | undefined
  let blocker: Server | undefined

  afterEach(async () => {
    await new Promise((resolve) => (blocker ? blocker.close(resolve) : resolve(undefined)))
    blocker = undefined
    await store?.dispose()
    store = undefined
  })

  test('listens, serves the dev project to its page, and starts again on the same data', async () => {
    store = await backend.createStore()
    for (let run = 0; run < 2; run++) {
      const server = await startServer({ ...store.options, port: 0, devProject: DEV_PROJECT })
      try {
        expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
        expect(await (await fetch(`${server.url}/health`)).json()).toEqual({
          ok: true,
          database: backend.name,
        })
        const origins = await fetch(`${server.url}/v1/projects/${DEV_PROJECT.id}/origins`, {
          headers: { origin: 'http://localhost:3000' },
        })
        expect(origins.status).toBe(200)
        expect(await origins.json()).toEqual({ allowedOrigins: DEV_PROJECT.origins })
        const foreign = await fetch(`${server.url}/v1/projects/${DEV_PROJECT.id}/origins`, {
          headers: { origin: 'http://localhost:4000' },
        })
        expect(await foreign.json()).toEqual({
          error: { code: 'FORBIDDEN', message: ServerErrorText.ORIGIN_NOT_ALLOWED },
        })
      } finally {
        await server.close()
      }
    }
  })

  test('the WalletConnect relay signs for the public URL, is refused without one, and closes its sockets (1001) on close', async () => {
    store = await backend.createStore()
    await expect(startServer({ ...store.options, port: 0, walletConnectRelay: {} })).rejects.toThrow(
      'The WalletConnect relay needs PUBLIC_URL: clients sign the relay URL it gives',
    )
    const server = await startServer({
      ...store.options,
      port: 0,
      publicUrl: 'https://wallet.example',
      devProject: DEV_PROJECT,
      walletConnectRelay: {},
    })
    let closed = false
    try {
      expect(server.walletConnectRelayUrl).toBe('wss://wallet.example/v1/wc-relay')
      // Behind its proxy the relay is reached on the listening port, the token names the public URL.
      const client = await connectRaw(`${server.url.replace('http:', 'ws:')}/v1/wc-relay`, DEV_PROJECT.id, {
        auth: { aud: server.walletConnectRelayUrl as string },
      })
      expect((await client.request('irn_subscribe', { topic: 'a'.repeat(64) })).result).toMatch(
        /^[0-9a-f]{64}$/,
      )
      await server.close()
      closed = true
      expect(await client.closed).toEqual({ code: 1001, reason: 'Server shutting down' })
    } finally {
      if (!closed) await server.close()
    }
  })

  test('a port in use is a one-line error, and nothing is left open', async () => {
    store = await backend.createStore()
    const listening = createServer()
    blocker = listening
    const port = await new Promise<number>((resolve) => {
      listening.listen(0, '127.0.0.1', () => resolve((listening.address() as { port: number }).port))
    })
    await expect(startServer({ ...store.options, port })).rejects.toThrow(
      new Error(`Port ${port} is already in use — stop the other process or choose another port`),
    )
    // The database was closed again: the same data opens at once (PGlite's folder lock is free).
    const server = await startServer({ ...store.options, port: 0 })
    await server.close()
  })
})
