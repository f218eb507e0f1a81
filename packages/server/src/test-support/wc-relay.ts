import { freePort } from '@portico/contracts/testing'
import { encodeIss, generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import WebSocket from 'ws'
import type { Database } from '../db/database.ts'
import { createProject, type Project } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import type { RelayLimits } from '../wc-relay/limits.ts'
import { WC_RELAY_PATH } from '../wc-relay/routes.ts'

export const RELAY_PAGE = 'http://127.0.0.1:3000'

export interface RelayApp {
  app: FastifyInstance
  /** ws://127.0.0.1:PORT/v1/wc-relay: what clients sign and connect to. */
  url: string
  port: number
  close(): Promise<void>
}

/** The services with only the relay on, listening on `port` (a free one by default) of 127.0.0.1. */
export async function startRelayApp(
  database: Database,
  options: {
    port?: number
    limits?: Partial<RelayLimits>
    now?: () => number
    /** Fastify's logger options, to read what the relay logs. */
    logger?: FastifyServerOptions['logger']
  } = {},
): Promise<RelayApp> {
  const port = options.port ?? (await freePort())
  const url = `ws://127.0.0.1:${port}${WC_RELAY_PATH}`
  const app = await buildServer({
    database,
    walletConnectRelay: { url, limits: options.limits, now: options.now },
    ...(options.logger ? { logger: options.logger } : {}),
  })
  await app.listen({ host: '127.0.0.1', port })
  return { app, url, port, close: () => app.close() }
}

/** A project whose allow-list holds RELAY_PAGE. */
export const relayProject = (database: Database): Promise<Project> =>
  createProject(database.db, { name: 'Relay test page', origins: [RELAY_PAGE] })

interface Frame {
  id?: number | string
  method?: string
  params?: { id: string; data: { topic: string; message: string; publishedAt: number; tag: number } }
  result?: unknown
  error?: { code: number; message: string }
}

/** A relay client speaking raw JSON-RPC, as the protocol tests need it. */
export interface RawClient {
  clientId: string
  socket: WebSocket
  /** Sends a request and waits for its answer. */
  request(method: string, params?: unknown): Promise<Frame>
  /** Sends a frame as it is given and waits for the next frame that is not a push. */
  sendRaw(text: string): Promise<Frame>
  /** Pushed messages received so far (not acknowledged unless `ack` is called). */
  pushes: Frame[]
  /** Waits until `count` pushes have arrived. */
  waitForPushes(count: number): Promise<Frame[]>
  ack(push: Frame): void
  closed: Promise<{ code: number; reason: string }>
  close(): Promise<void>
}

type TokenPatch = { aud?: string; ttl?: number; iat?: number; token?: string }

/** Connects a fresh client (its own ed25519 key) to the relay at `url`. */
export async function connectRaw(
  url: string,
  projectId: string,
  options: { origin?: string; auth?: TokenPatch; answerPings?: boolean } = {},
): Promise<RawClient> {
  const keyPair = generateKeyPair()
  const { aud = url, ttl = 86_400, iat, token } = options.auth ?? {}
  const auth = token ?? (await signJWT(randomSub(), aud, ttl, keyPair, iat))
  const query = new URLSearchParams({ auth, projectId, ua: 'wc-2/js-2.21.8/raw-test' })
  const socket = new WebSocket(`${url}?${query}`, {
    ...(options.origin ? { origin: options.origin } : {}),
    // A client that stopped answering pings (its process hangs, its network went away).
    autoPong: options.answerPings ?? true,
  })
  const pushes: Frame[] = []
  const answers: Frame[] = []
  const waiters: Array<() => void> = []
  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter()
  }
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() })
      wake()
    }),
  )
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as Frame
    if (frame.method === 'irn_subscription') pushes.push(frame)
    else answers.push(frame)
    wake()
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  const until = async <T>(found: () => T | undefined): Promise<T> => {
    for (;;) {
      const value = found()
      if (value !== undefined) return value
      if (socket.readyState === WebSocket.CLOSED) throw new Error('socket closed while waiting')
      await new Promise<void>((resolve) => waiters.push(resolve))
    }
  }
  // Ids of their own kind, so no frame a test makes up answers for one of these.
  let nextId = 1
  const requestId = () => `raw-client-${nextId++}`
  const sendRaw = async (text: string) => {
    const before = answers.length
    socket.send(text)
    return until(() => answers[before])
  }
  return {
    clientId: encodeIss(keyPair.publicKey),
    socket,
    pushes,
    closed,
    request: (method, params) => {
      const id = requestId()
      socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      return until(() => answers.find((answer) => answer.id === id))
    },
    sendRaw,
    waitForPushes: (count) => until(() => (pushes.length >= count ? pushes.slice(0, count) : undefined)),
    ack: (push) => socket.send(JSON.stringify({ id: push.id, jsonrpc: '2.0', result: true })),
    close: async () => {
      socket.close()
      await closed
    },
  }
}

const randomSub = () => Math.random().toString(16).slice(2)
