import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterEach, expect, test } from 'vitest'
import type { Database } from './db/database.ts'
import { openModules } from './open-modules.ts'
import { createApp } from './server.ts'
import { closeOnAppClose, type OpenContext, type SetUpPlan } from './server-module.ts'
import { describeEachBackend, type TestStore } from './test-support/backends.ts'

const answers = async (database: Database) =>
  sql`select 1`.execute(database.db).then(
    () => 'database open',
    () => 'database closed',
  )

describeEachBackend('openModules', (backend) => {
  let store: TestStore | undefined
  let app: FastifyInstance | undefined

  afterEach(async () => {
    await app?.close()
    app = undefined
    await store?.dispose()
    store = undefined
  })

  const contextFor = (testStore: TestStore): OpenContext => ({
    options: testStore.options,
    mode: 'production',
    publicUrl: undefined,
    host: '127.0.0.1',
    resources: {},
    log: () => {},
    warn: undefined,
    dataDir: async () => testStore.options.dataDir,
    hashSecret: async () => Buffer.alloc(32),
  })

  test('the app closes what each step opened backwards: the later steps, the database, the earlier ones', async () => {
    store = await backend.createStore()
    const opened = createApp({})
    app = opened
    const closed: string[] = []
    let database: Database | undefined
    const closing = (name: string) => (scope: FastifyInstance) => {
      closeOnAppClose(scope, async () => {
        closed.push(`${name}: ${database ? await answers(database) : 'no database'}`)
      })
      return undefined
    }
    const plans: SetUpPlan[] = [
      { open: closing('mail before the database') },
      { start: closing('indexer'), open: closing('keys before the database') },
      { start: closing('bundler') },
    ]
    database = await openModules(opened, plans, contextFor(store))
    // What the routes register afterwards closes first.
    opened.addHook('onClose', async () => {
      closed.push('routes')
    })
    await opened.close()
    expect(closed).toEqual([
      'routes',
      'bundler: database open',
      'indexer: database open',
      'keys before the database: database closed',
      'mail before the database: database closed',
    ])
  })

  test('a step failing half-way: the app closes what the steps before it and the database opened', async () => {
    store = await backend.createStore()
    const opened = createApp({})
    app = opened
    let mailerOpen = false
    let timerRunning = false
    let database: Database | undefined
    const plans: SetUpPlan[] = [
      {
        open: (scope) => {
          mailerOpen = true
          closeOnAppClose(scope, () => {
            mailerOpen = false
          })
          return undefined
        },
      },
      {
        start: (scope, { database: startedOn }) => {
          database = startedOn
          const timer = setInterval(() => {}, 60_000)
          timerRunning = true
          closeOnAppClose(scope, () => {
            clearInterval(timer)
            timerRunning = false
          })
          return undefined
        },
      },
      {
        start: () => {
          throw new Error('BUNDLER_OPERATOR_KEY is no private key')
        },
      },
    ]
    await expect(openModules(opened, plans, contextFor(store))).rejects.toThrow('BUNDLER_OPERATOR_KEY')
    expect({ mailerOpen, timerRunning }).toEqual({ mailerOpen: true, timerRunning: true })
    await opened.close()
    expect({ mailerOpen, timerRunning }).toEqual({ mailerOpen: false, timerRunning: false })
    expect(database && (await answers(database))).toBe('database closed')
  })
})
