import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Database, openDatabase } from '../db/database.ts'
import { POSTGRES_BIN, type PrivatePostgres, startPrivatePostgres } from '../test-support/private-postgres.ts'
import { connectRaw, type RelayApp, relayProject, startRelayApp } from '../test-support/wc-relay.ts'
import { RpcErrorCode } from './protocol.ts'

describe.skipIf(POSTGRES_BIN === undefined)('the WalletConnect relay while its database is down', () => {
  let postgres: PrivatePostgres
  let database: Database
  let relay: RelayApp
  let projectId: string

  // The pool's 'error' events of the stopped server, which nobody else hears.
  const uncaught: unknown[] = []
  const hear = (error: unknown) => uncaught.push(error)

  beforeAll(async () => {
    process.on('uncaughtException', hear)
    postgres = await startPrivatePostgres()
    database = await openDatabase({ databaseUrl: postgres.url, warn: () => {} })
    projectId = (await relayProject(database)).id
    relay = await startRelayApp(database)
  })
  afterAll(async () => {
    await relay?.close()
    await database?.close()
    await postgres?.stop()
    process.off('uncaughtException', hear)
  })

  test('a publish is answered with the try-again code, not an internal error', async () => {
    const client = await connectRaw(relay.url, projectId)
    const publish = () =>
      client.request('irn_publish', {
        topic: randomBytes(32).toString('hex'),
        message: 'hello',
        ttl: 300,
        tag: 1108,
        prompt: false,
      })
    expect(await publish()).toMatchObject({ result: true })
    await postgres.stop()
    expect((await publish()).error).toEqual({
      code: RpcErrorCode.UNAVAILABLE,
      message: 'The relay cannot store or read messages right now: try again shortly',
    })
    client.socket.terminate()
  })
})
