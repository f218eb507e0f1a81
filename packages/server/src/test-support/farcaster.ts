import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/database.ts'
import type { Tables } from '../db/tables.ts'
import { findChannel, tokenHash } from '../farcaster/channels.ts'
import { type FarcasterOptions, prepareFarcaster } from '../farcaster/config.ts'
import { verifiedFarcasterSignIn } from '../farcaster/sign-in.ts'
import { createProject, type Project } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import { type ALICE, PAGE, signedBody } from './farcaster-messages.ts'

export const SERVICES = new URL('http://services.test')

/** The services with the development Farcaster relay and app page on `SERVICES`, and a project on `PAGE`. */
export async function farcasterApp(database: Database) {
  const farcaster = prepareFarcaster({ development: true }, { mode: 'development', publicUrl: SERVICES })
  const app: FastifyInstance = await buildServer({ database, farcaster })
  const project: Project = await createProject(database.db, { name: 'Farcaster page', origins: [PAGE] })
  /** `POST /v1/channel` from the project's page. */
  const create = (body: unknown = { siweUri: `${PAGE}/login`, domain: 'wallet.example' }) =>
    app.inject({
      method: 'POST',
      url: `/v1/channel?projectId=${project.id}`,
      headers: { origin: PAGE },
      payload: body as object,
    })
  /** `GET /v1/channel/status` from the project's page. */
  const status = (token: string, projectId = project.id): Promise<LightMyRequestResponse> =>
    app.inject({
      url: `/v1/channel/status?projectId=${projectId}`,
      headers: { origin: PAGE, authorization: `Bearer ${token}` },
    })
  /** `POST /v1/channel/authenticate` as the Farcaster app sends it: no Origin, no project. */
  const authenticate = (token: string, body: unknown) =>
    app.inject({
      method: 'POST',
      url: '/v1/channel/authenticate',
      headers: { authorization: `Bearer ${token}` },
      payload: body as object,
    })
  return { app, project, farcaster, create, status, authenticate }
}

/**
 * What the Farcaster app does with a channel's link: reads the channel (here from the database, as
 * the development app page does) and posts `account`'s signature of it to `/v1/channel/authenticate`.
 */
export async function signChannel(
  app: FastifyInstance,
  db: Kysely<Tables>,
  token: string,
  account: typeof ALICE,
  domain = 'wallet.example',
): Promise<LightMyRequestResponse> {
  const channel = await findChannel(db, token)
  if (!channel) throw new Error('no such channel')
  const body = await signedBody({ signer: account.custody, fid: account.fid, nonce: channel.nonce, domain })
  return app.inject({
    method: 'POST',
    url: '/v1/channel/authenticate',
    headers: { authorization: `Bearer ${token}` },
    payload: { ...body, username: account.username },
  })
}

/**
 * The wallet's sign-in with a channel the page opened, as if the secure frame of a device had
 * opened it (the relay's tests open channels as a page does): the verification is the same.
 */
export async function signInAsFrame(
  db: Kysely<Tables>,
  farcaster: FarcasterOptions,
  token: string,
  projectId: string,
) {
  const deviceId = 'relay-test-device'
  await db
    .updateTable('farcaster_channels')
    .set({ device_id: deviceId })
    .where('token_hash', '=', tokenHash(token))
    .execute()
  return verifiedFarcasterSignIn(db, farcaster, token, { projectId, deviceId })
}
