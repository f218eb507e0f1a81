import { randomBytes } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { type Kysely, sql } from 'kysely'
import type { Bundler } from '../bundler/service.ts'
import type { Database } from '../db/database.ts'
import type { Tables } from '../db/tables.ts'
import { createSession, findOrCreateUser } from '../embedded/accounts.ts'
import { createKeyVault } from '../embedded/keys.ts'
import { createMailer } from '../embedded/mail.ts'
import { issueOtp } from '../embedded/otps.ts'
import type { ChainSettings } from '../embedded/rpc.ts'
import { type TokenHasher, tokenHasher } from '../hash-secret.ts'
import { createProject } from '../projects/repository.ts'
import type { RpcProxy } from '../rpc-proxy/service.ts'
import { buildServer } from '../server.ts'
import { deviceProof, newDevice } from './device-key.ts'

/**
 * An e-mail login started the way the secure frame starts it: same-origin to the services, for a
 * page of `projectId` at `parentOrigin`, from a new device.
 */
export function connectEmailAsFrame(
  servicesUrl: string,
  projectId: string,
  email: string,
  parentOrigin = 'http://127.0.0.1:3000',
): Promise<Response> {
  const url = `${servicesUrl}/v1/auth/email/connect`
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: servicesUrl,
      'x-portico-project': projectId,
      'x-portico-parent-origin': parentOrigin,
      dpop: deviceProof(newDevice(), { url }),
    },
    body: JSON.stringify({ email }),
  })
}

const SERVICES = new URL('http://services.test')
const PAGE = 'https://shop.example'

/** Who calls: the frame of `device` (with its session when it has one), for `projectId`'s page at `page`. */
export interface FrameCaller {
  services: URL
  page: string
  projectId: string
  device: string
  token?: string | undefined
}

/** `POST /v1/auth<path>` through `inject`, with the headers the secure frame sends. */
export function injectAsFrame(
  app: FastifyInstance,
  caller: FrameCaller,
  path: string,
  body: object,
): Promise<LightMyRequestResponse> {
  const url = `/v1/auth${path}`
  return app.inject({
    method: 'POST',
    url,
    headers: {
      host: caller.services.host,
      origin: caller.services.origin,
      'x-portico-project': caller.projectId,
      'x-portico-parent-origin': caller.page,
      dpop: deviceProof(caller.device, { url: new URL(url, caller.services).href, token: caller.token }),
      ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
    },
    payload: body,
  })
}

export { newDevice }

interface FrameSession {
  device: string
  token: string
}

/** The services with e-mail login on, driven with `inject` as the secure frame calls them. */
export interface FrameApp {
  app: FastifyInstance
  db: Kysely<Tables>
  masterKey: Buffer
  recoveryKey: Buffer
  hashToken: TokenHasher
  /** `POST /v1/auth<path>` from the frame of `caller.device`, with its session when it has one. */
  call(
    path: string,
    body: object,
    caller: { device: string; token?: string },
  ): Promise<LightMyRequestResponse>
  /** The same, bound to a session. */
  as(session: FrameSession): (path: string, body: object) => Promise<LightMyRequestResponse>
  /** A login with a code (issued here, not mailed), on a new device unless told. */
  login(email: string, device?: string): Promise<FrameSession>
  /** A login that proved no mailed code, as a social provider's or Farcaster's: on a new device unless told. */
  loginWithoutCode(email: string, device?: string): Promise<FrameSession>
  /** A login made `minutes` ago, as a token kept (or stolen) that long looks to the services. */
  loginMinutesAgo(email: string, minutes: number): Promise<FrameSession>
  close(): Promise<void>
}

/**
 * Builds the embedded wallet's routes on `database` for one page's project. Logins take codes
 * issued directly; mail goes to `smtpUrl` (a dev mailbox) or nowhere. The chain is a closed port
 * unless given, so reads fail fast.
 */
export async function startFrameApp(
  database: Database,
  options: { chain?: ChainSettings; smtpUrl?: string; rpcProxy?: RpcProxy; bundler?: Bundler } = {},
): Promise<FrameApp> {
  const chain = options.chain ?? { rpcUrl: 'http://127.0.0.1:9', chainId: 31337 }
  const masterKey = randomBytes(32)
  const recoveryKey = randomBytes(32)
  const hashToken = tokenHasher(randomBytes(32), 'embedded')
  const mailer = createMailer(options.smtpUrl ?? 'smtp://127.0.0.1:9', 'test@portico.localhost')
  const app = await buildServer({
    database,
    rpcProxy: options.rpcProxy,
    bundler: options.bundler,
    embedded: {
      vault: createKeyVault({ masterKey, recoveryKey }),
      mailer,
      chain,
      publicUrl: SERVICES,
      frameScript: 'console.log("frame")',
      devMailbox: undefined,
      hashToken,
    },
  })
  const project = await createProject(database.db, { name: 'Shop', origins: [PAGE] })
  const call: FrameApp['call'] = (path, body, caller) =>
    injectAsFrame(app, { services: SERVICES, page: PAGE, projectId: project.id, ...caller }, path, body)
  const login: FrameApp['login'] = async (email, device = newDevice()) => {
    const otp = await issueOtp(database.db, hashToken, { email, purpose: 'login', deviceId: device })
    const verified = await call('/otp/verify', { email, otp }, { device })
    if (verified.statusCode !== 200)
      throw new Error(`login answered ${verified.statusCode}: ${verified.body}`)
    return { device, token: verified.json().token }
  }
  return {
    app,
    db: database.db,
    masterKey,
    recoveryKey,
    hashToken,
    call,
    as: (session) => (path, body) => call(path, body, session),
    login,
    async loginWithoutCode(email, device = newDevice()) {
      const user = await findOrCreateUser(database.db, email)
      const token = await createSession(database.db, hashToken, {
        userId: user.id,
        projectId: project.id,
        deviceId: device,
      })
      return { device, token }
    },
    async loginMinutesAgo(email, minutes) {
      const session = await login(email)
      await database.db
        .updateTable('embedded_sessions')
        .set({
          created_at: sql<Date>`now() - make_interval(mins => ${minutes})`,
          code_verified_at: sql<Date>`now() - make_interval(mins => ${minutes})`,
        })
        .where('token_hash', '=', hashToken(session.token))
        .execute()
      return session
    },
    async close() {
      await app.close()
      mailer.close()
    },
  }
}
