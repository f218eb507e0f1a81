import type { FastifyPluginAsync } from 'fastify'
import { sql } from 'kysely'
import type { ChainData } from '../chain-data/config.ts'
import { CHAIN_UNAVAILABLE_MESSAGE, NODE_TIMEOUT_MS } from '../chain-data/node.ts'
import type { Database } from '../db/database.ts'

interface DatabaseReport {
  kind: Database['kind']
  ok: boolean
}

interface ChainReport {
  ok: boolean
  blockNumber?: number
  message?: string
}

/**
 * Two answers for load balancers and the start script. `/health` is liveness: it answers when the
 * database does and never asks the chain node, so a node outage does not get the process restarted
 * (the indexer resumes by itself). `/health/ready` is readiness: the database and the chain node
 * each reported, and 503 while either is down, so traffic can be sent elsewhere meanwhile.
 */
export const healthPlugin: FastifyPluginAsync<{ database: Database; chain?: ChainData | undefined }> = async (
  app,
  { database, chain },
) => {
  app.get('/health', async () => {
    await sql`select 1`.execute(database.db)
    return { ok: true, database: database.kind }
  })

  app.get('/health/ready', async (_request, reply) => {
    const [databaseReport, chainReport] = await Promise.all([
      checkDatabase(database),
      chain ? checkChain(chain) : undefined,
    ])
    const ok = databaseReport.ok && (chainReport?.ok ?? true)
    return reply.code(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'unavailable',
      database: databaseReport,
      ...(chainReport ? { chain: chainReport } : {}),
    })
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
