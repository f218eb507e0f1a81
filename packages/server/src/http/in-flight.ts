import type { FastifyInstance } from 'fastify'

/**
 * Graceful stop behind a load balancer. Fastify's close() ends the keep-alive connections that are
 * idle when it is called; one that was busy answering a request stays open after its answer until
 * the client lets go of it (a load balancer: minutes), and close() waits for it. Waiting for the
 * requests in flight first lets them answer, then close() finds every connection idle.
 */
export function waitForRequestsOnClose(app: FastifyInstance): void {
  let running = 0
  let drained: (() => void) | undefined
  const finished = () => {
    running -= 1
    if (running === 0) drained?.()
  }
  app.addHook('onRequest', async (request, reply) => {
    // A WebSocket (the relay) is not a request in flight: it lives until its own plugin closes it.
    if (request.headers.upgrade?.toLowerCase() === 'websocket') return
    running += 1
    // Node closes the response once it is sent or its connection is gone, whichever comes first.
    reply.raw.once('close', finished)
  })
  app.addHook('preClose', async () => {
    if (running > 0) await new Promise<void>((resolve) => (drained = resolve))
  })
}
