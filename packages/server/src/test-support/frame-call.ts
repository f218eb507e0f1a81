import { randomBytes } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/database.ts'
import type { Tables } from '../db/tables.ts'
import { createKeyVault } from '../embedded/keys.ts'
import { createMailer } from '../embedded/mail.ts'
import { issueOtp } from '../embedded/otps.ts'
import type { ChainSettings } from '../embedded/rpc.ts'
import { type TokenHasher, tokenHasher } from '../hash-secret.ts'
import { createProject } from '../projects/repository.ts'
import { buildServer } from '../server.ts'

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
  return fetch(`${servicesUrl}/v1/auth/email/connect`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: servicesUrl,
      'x-portico-project': projectId,
      'x-portico-parent-origin': parentOrigin,
      'x-portico-device': randomBytes(16).toString('base64url'),
    },
    body: JSON.stringify({ email }),
  })
}

const SERVICES = new URL('http://services.test')
const PAGE = 'https://shop.example'

export const newDevice = (): string => randomBytes(16).toString('base64url')

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
  close(): Promise<void>
}

/**
 * Builds the embedded wallet's routes on `database` for one page's project. No mail leaves: codes
 * are issued directly. The chain is a closed port unless given, so reads fail fast.
 */
export async function startFrameApp(
  database: Database,
  chain: ChainSettings = { rpcUrl: 'http://127.0.0.1:9', chainId: 31337 },
): Promise<FrameApp> {
  const masterKey = randomBytes(32)
  const recoveryKey = randomBytes(32)
  const hashToken = tokenHasher(randomBytes(32), 'embedded')
  const mailer = createMailer('smtp://127.0.0.1:9', 'test@portico.localhost')
  const app = await buildServer({
    database,
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
    app.inject({
      method: 'POST',
      url: `/v1/auth${path}`,
      headers: {
        host: SERVICES.host,
        origin: SERVICES.origin,
        'x-portico-project': project.id,
        'x-portico-parent-origin': PAGE,
        'x-portico-device': caller.device,
        ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
      },
      payload: body,
    })
  return {
    app,
    db: database.db,
    masterKey,
    recoveryKey,
    hashToken,
    call,
    as: (session) => (path, body) => call(path, body, session),
    async login(email, device = newDevice()) {
      const otp = await issueOtp(database.db, hashToken, { email, purpose: 'login', deviceId: device })
      const verified = await call('/otp/verify', { email, otp }, { device })
      if (verified.statusCode !== 200)
        throw new Error(`login answered ${verified.statusCode}: ${verified.body}`)
      return { device, token: verified.json().token }
    },
    async close() {
      await app.close()
      mailer.close()
    },
  }
}
