import Fastify from 'fastify'
import { expect, test } from 'vitest'
import { waitForRequestsOnClose } from './in-flight.ts'

/**
 * A keep-alive client (fetch, as a load balancer) has a request being answered when close() is
 * called. Reports its answer, and whether close() had finished by itself 300 ms after it.
 */
async function closeWhileAnswering(wait: boolean) {
  const app = Fastify()
  if (wait) waitForRequestsOnClose(app)
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  let reached = () => {}
  const inHandler = new Promise<void>((resolve) => {
    reached = resolve
  })
  app.get('/slow', async () => {
    reached()
    await gate
    return { ok: true }
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const answer = fetch(`http://127.0.0.1:${(app.server.address() as { port: number }).port}/slow`)
  await inHandler
  let closedByItself = false
  const closed = app.close().then(() => {
    closedByItself = true
  })
  setImmediate(release)
  const status = (await answer).status
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 300))])
  const result = { status, closedByItself }
  app.server.closeAllConnections()
  await closed
  return result
}

test('close() lets the request in flight answer, then ends its keep-alive connection at once', async () => {
  expect(await closeWhileAnswering(true)).toEqual({ status: 200, closedByItself: true })
})

test("Fastify's own close() would wait for that connection until the client let go of it", async () => {
  expect(await closeWhileAnswering(false)).toEqual({ status: 200, closedByItself: false })
})
