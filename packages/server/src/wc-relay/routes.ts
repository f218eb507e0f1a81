import websocket from '@fastify/websocket'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { Database } from '../db/database.ts'
import { HttpError } from '../http/errors.ts'
import type { ProjectReader } from '../projects/cache.ts'
import { RelayConnection } from './connection.ts'
import { checkHandshake, type Handshake, REFUSED } from './handshake.ts'
import { startHub } from './hub.ts'
import { DEFAULT_RELAY_LIMITS, type RelayLimits } from './limits.ts'
import { messageById, pruneExpired } from './mailbox.ts'
import { pruneTopics } from './quota.ts'
import type { RelayGauge } from './stats.ts'

export const WC_RELAY_PATH = '/v1/wc-relay'

export interface WalletConnectRelayOptions {
  /**
   * Where clients reach the relay, e.g. `wss://services.example/v1/wc-relay` (`startServer` makes it
   * from the public URL): the audience each client's auth token must name.
   */
  url: string
  limits?: Partial<RelayLimits> | undefined
  /** The relay's clock (ms): message times and expiry, token expiry. Tests move it; the wall clock otherwise. */
  now?: (() => number) | undefined
}

/** RFC 6455's "try again later": the socket's IP has as many open as it may. */
const TRY_AGAIN_LATER = 1013

/** Closing every socket when the server stops: "going away", so clients reconnect (to another instance). */
const GOING_AWAY = 1001
const CLOSE_GRACE_MS = 1000

/**
 * The WalletConnect v2 relay, `GET /v1/wc-relay` upgraded to a WebSocket. Registered at
 * the root, not under `/v1`'s guard: that guard answers HTTP refusals and needs an Origin, while
 * a relay client must be refused the way the hosted relay does it — the socket opened, then closed
 * with code 3000 — and a wallet outside a browser sends no Origin. @fastify/websocket rather than
 * `ws` on the bare server: the upgrade goes through Fastify's routing, hooks, logger and close().
 */
export const walletConnectRelayPlugin: FastifyPluginAsync<
  WalletConnectRelayOptions & { database: Database; projects: ProjectReader; gauge: RelayGauge }
> = async (app, { database, projects, gauge, url, limits: overrides, now = Date.now }) => {
  const limits = { ...DEFAULT_RELAY_LIMITS, ...overrides }
  gauge.maxMailboxBytes = limits.maxMailboxBytes
  const log = (line: string) => app.log.error(line)
  const hub = await startHub(database, (id) => messageById(database.db, id, now()), log)
  const connections = new Set<RelayConnection>()
  const socketsPerIp = new Map<string, number>()
  const context = { db: database.db, hub, limits, now, log }

  const pinging = setInterval(() => {
    for (const connection of connections) connection.ping()
  }, limits.pingIntervalMs)
  const pruning = setInterval(() => {
    Promise.all([pruneExpired(database.db, now()), pruneTopics(database.db, now())]).catch((error: unknown) =>
      log(`wc-relay: pruning failed: ${String(error)}`),
    )
  }, limits.pruneIntervalMs)
  pinging.unref()
  pruning.unref()

  await app.register(websocket, {
    options: { maxPayload: limits.maxFrameBytes },
    // A frame the WebSocket protocol refuses (not UTF-8, over the size limit, a bad opcode) is the
    // client's mistake, not the relay's: ws has already closed that socket with the code that says
    // why, so it is a debug line, not an error with a stack for every such frame.
    errorHandler(error, socket, request) {
      if (isProtocolError(error)) {
        request.log.debug(`wc-relay: socket closed: ${error.message}`)
        return
      }
      request.log.error(error)
      socket.terminate()
    },
    preClose(done) {
      const clients = [...this.websocketServer.clients]
      for (const client of clients) client.close(GOING_AWAY, 'Server shutting down')
      // A client that does not answer the close handshake is not waited for.
      const grace = setTimeout(() => {
        for (const client of clients) client.terminate()
      }, CLOSE_GRACE_MS)
      Promise.all(clients.map((client) => new Promise((resolve) => client.once('close', resolve)))).then(
        () => {
          clearTimeout(grace)
          this.websocketServer.close(() => done())
        },
      )
    },
  })
  app.addHook('onClose', async () => {
    clearInterval(pinging)
    clearInterval(pruning)
    await hub.stop()
  })

  const handshakes = new WeakMap<FastifyRequest, Handshake>()
  app.route({
    method: 'GET',
    url: WC_RELAY_PATH,
    // Decided before the upgrade, so the socket's first frame already finds its connection set up.
    preHandler: async (request) => {
      if (!request.ws) return
      handshakes.set(
        request,
        await checkHandshake(request.query, request.headers.origin, { projects, relayUrl: url, now }),
      )
    },
    handler: async () => {
      throw new HttpError(426, 'Upgrade Required: the relay speaks JSON-RPC over a WebSocket')
    },
    wsHandler: (socket, request) => {
      const handshake = handshakes.get(request)
      if (!handshake?.ok) {
        socket.close(REFUSED, handshake?.reason ?? 'Unauthorized')
        return
      }
      const { ip } = request
      const open = socketsPerIp.get(ip) ?? 0
      if (open >= limits.maxSocketsPerIp) {
        socket.close(
          TRY_AGAIN_LATER,
          `Too many sockets from this address (at most ${limits.maxSocketsPerIp}): close some, then reconnect`,
        )
        return
      }
      socketsPerIp.set(ip, open + 1)
      const publisher = { clientId: handshake.clientId, ip, projectId: handshake.projectId }
      const connection = new RelayConnection(socket, publisher, context)
      connections.add(connection)
      gauge.sockets = connections.size
      socket.on('close', () => {
        connections.delete(connection)
        gauge.sockets = connections.size
        const left = (socketsPerIp.get(ip) ?? 1) - 1
        if (left <= 0) socketsPerIp.delete(ip)
        else socketsPerIp.set(ip, left)
      })
    },
  })
}

/** ws's refusals of a client's frames carry a `WS_ERR_…` code. */
function isProtocolError(error: Error): boolean {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' && code.startsWith('WS_ERR_')
}
