import { expect, test } from 'vitest'
import { startServer } from '../start.ts'

const PAGE = 'http://localhost:3000'
const PROJECT = { id: 'f'.repeat(32), name: 'Farcaster page', origins: [PAGE] }

test('startServer({ farcaster: { development: true } }) sends channels to its own /dev/farcaster page', async () => {
  const server = await startServer({
    mode: 'development',
    port: 0,
    devProject: PROJECT,
    farcaster: { development: true },
  })
  try {
    const created = await fetch(`${server.url}/v1/channel?projectId=${PROJECT.id}`, {
      method: 'POST',
      headers: { origin: PAGE, 'content-type': 'application/json' },
      body: JSON.stringify({ siweUri: `${PAGE}/`, domain: 'localhost:3000' }),
    })
    expect(created.status).toBe(201)
    const { url } = (await created.json()) as { url: string }
    expect(url.startsWith(`${server.publicUrl}/dev/farcaster?channelToken=`)).toBe(true)
    const page = await fetch(url.replace(server.publicUrl, server.url))
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Sign in as @alice')
  } finally {
    await server.close()
  }
})

test('production refuses the development accounts before it opens anything, and has no dev page', async () => {
  await expect(startServer({ port: 0, farcaster: { development: true } })).rejects.toThrow(
    'The development Farcaster accounts sign with public keys: they run in development only',
  )
  const server = await startServer({ port: 0, farcaster: { optimismRpcUrl: 'http://127.0.0.1:9/' } })
  try {
    expect((await fetch(`${server.url}/dev/farcaster?channelToken=x`)).status).toBe(404)
  } finally {
    await server.close()
  }
})
