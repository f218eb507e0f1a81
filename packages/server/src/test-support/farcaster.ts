import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import type { Database } from '../db/database.ts'
import { prepareFarcaster } from '../farcaster/config.ts'
import { DEV_FARCASTER_ACCOUNTS } from '../farcaster/dev-accounts.ts'
import { createProject, type Project } from '../projects/repository.ts'
import { buildServer } from '../server.ts'

export const PAGE = 'https://wallet.example'
export const SERVICES = new URL('http://services.test')
export const [ALICE, BOB] = DEV_FARCASTER_ACCOUNTS as [
  (typeof DEV_FARCASTER_ACCOUNTS)[number],
  (typeof DEV_FARCASTER_ACCOUNTS)[number],
]

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

/** A Sign In With Farcaster message as the Farcaster app makes it, with any field overridden. */
export function farcasterMessage(fields: {
  signer: PrivateKeyAccount
  fid: number
  nonce: string
  domain?: string
  expirationTime?: Date
}): string {
  return createSiweMessage({
    domain: fields.domain ?? 'wallet.example',
    address: fields.signer.address,
    statement: 'Farcaster Auth',
    uri: `${PAGE}/login`,
    version: '1',
    chainId: 10,
    nonce: fields.nonce,
    issuedAt: new Date(),
    ...(fields.expirationTime ? { expirationTime: fields.expirationTime } : {}),
    resources: [`farcaster://fid/${fields.fid}`],
  })
}

export async function signedBody(
  fields: Parameters<typeof farcasterMessage>[0],
  claimedFid = fields.fid,
): Promise<{ message: string; signature: Hex; fid: number; username: string }> {
  const message = farcasterMessage(fields)
  return {
    message,
    signature: await fields.signer.signMessage({ message }),
    fid: claimedFid,
    username: 'alice',
  }
}
