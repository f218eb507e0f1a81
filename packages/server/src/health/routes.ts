import type { FastifyPluginAsync } from 'fastify'
import { sql } from 'kysely'
import { z } from 'zod'
import type { ChainData } from '../chain-data/config.ts'
import { CHAIN_UNAVAILABLE_MESSAGE, NODE_TIMEOUT_MS } from '../chain-data/node.ts'
import type { Database } from '../db/database.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import type { RelayGauge } from '../wc-relay/stats.ts'
import { IndexingReport, indexingCheck } from './indexing.ts'

const DatabaseKind = z.enum(['pglite', 'postgres']) satisfies z.ZodType<Database['kind']>

const Liveness = z.object({ ok: z.literal(true), database: DatabaseKind })

const DatabaseReport = z.object({ kind: DatabaseKind, ok: z.boolean() })
type DatabaseReport = z.output<typeof DatabaseReport>

const ChainReport = z.object({
  ok: z.boolean(),
  blockNumber: z.number().int().optional(),
  message: z.string().optional(),
})
type ChainReport = z.output<typeof ChainReport>

/** The WalletConnect relay's sockets on this instance and its mailbox against the cap. */
const RelayReport = z.object({
  sockets: z.number().int(),
  mailbox: z.object({ messages: z.number().int(), bytes: z.number().int(), maxBytes: z.number().int() }),
})

const readiness = <Status extends string>(status: Status) =>
  z.object({
    status: z.literal(status),
    database: DatabaseReport,
    chain: ChainReport.optional(),
    indexing: IndexingReport.optional(),
    relay: RelayReport.optional(),
  })

/**
 * Two answers for load balancers and the start script. `/health` is liveness: it answers when the
 * database does and never asks the chain node, so a node outage does not get the process restarted
 * (the indexer resumes by itself). `/health/ready` is readiness: the database and the chain node
 * each reported, and 503 while either is down, so traffic can be sent elsewhere meanwhile; and,
 * while the node answers, whether the index keeps up with it (indexing.ts), 503 when it is stuck.
 */
export const healthPlugin: FastifyPluginAsync<{
  database: Database
  chain?: ChainData | undefined
  relay?: RelayGauge | undefined
}> = async (scope, { database, chain, relay }) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  app.get('/health', { schema: { response: { 200: Liveness } } }, async () => {
    await sql`select 1`.execute(database.db)
    return { ok: true as const, database: database.kind }
  })

  const readyAnswers = { 200: readiness('ok'), 503: readiness('unavailable') }
  const checkIndexing = chain ? indexingCheck(chain) : undefined
  app.get('/health/ready', { schema: { response: readyAnswers } }, async (_request, reply) => {
    const [databaseReport, chainReport] = await Promise.all([
      checkDatabase(database),
      chain ? checkChain(chain) : undefined,
    ])
    const indexingReport =
      checkIndexing && chainReport?.blockNumber !== undefined && databaseReport.ok
        ? await withinTimeout(checkIndexing(chainReport.blockNumber)).catch(() => ({
            ok: false,
            message: 'Could not compare the index with the chain',
          }))
        : undefined
    // The relay's numbers are read only while the database answers.
    const relayReport =
      relay && databaseReport.ok ? await relay.read(database.db).catch(() => undefined) : undefined
    const reports = {
      database: databaseReport,
      ...(chainReport ? { chain: chainReport } : {}),
      ...(indexingReport ? { indexing: indexingReport } : {}),
      ...(relayReport ? { relay: relayReport } : {}),
    }
    const ok = databaseReport.ok && (chainReport?.ok ?? true) && (indexingReport?.ok ?? true)
    if (ok) return { status: 'ok' as const, ...reports }
    return reply.code(503).send({ status: 'unavailable', ...reports })
  })
}

async function checkDatabase(database: Database): Promise<DatabaseReport> {
  const ok = await withinTimeout(sql`select 1`.execute(database.db)).then(
    () => true,
    () => false,
  )
  return { kind: database.kind, ok }
}

async function checkChain(chain: ChainData): Promise<ChainReport> {
  try {
    return { ok: true, blockNumber: Number(await chain.client.getBlockNumber({ cacheTime: 0 })) }
  } catch {
    return { ok: false, message: CHAIN_UNAVAILABLE_MESSAGE }
  }
}

// A Postgres host that swallows packets would hold the probe as long as the kernel keeps trying.
function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), NODE_TIMEOUT_MS)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}
