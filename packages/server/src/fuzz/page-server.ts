import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildWebServer } from '@portico/web/server'
import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables.ts'
import { createProject } from '../projects/repository.ts'
import type { Server } from './request.ts'

/** The demo page server in front of the fuzzed services, on an origin of its own project. */
export interface PageServer extends Server {
  origin: string
  projectId: string
  close(): Promise<void>
}

const PAGE_SERVER_ORIGIN = 'http://page.test'

/**
 * The page server's sign-in endpoint is fuzzed, not its render, so a stand-in build (a manifest and
 * an empty entry) is enough and no `npm run build` is needed first.
 */
async function standInBuild(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'portico-fuzz-page-'))
  await mkdir(join(dir, '.vite'))
  await mkdir(join(dir, 'assets'))
  const manifest = { 'src/entry-client.tsx': { file: 'assets/entry.js', isEntry: true } }
  await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest))
  await writeFile(join(dir, 'assets', 'entry.js'), '')
  return dir
}

export async function startPageServer(
  services: { db: Kysely<Tables>; port: number; chainId: number },
  serverErrors: string[],
): Promise<PageServer> {
  const project = await createProject(services.db, { name: 'Page server', origins: [PAGE_SERVER_ORIGIN] })
  const distDir = await standInBuild()
  const app = await buildWebServer({
    projectId: project.id,
    servicesUrl: `http://127.0.0.1:${services.port}`,
    rpcUrl: 'http://127.0.0.1:9',
    chainId: services.chainId,
    chainName: 'Anvil',
    distDir,
    logger: { level: 'error', stream: { write: (line: string) => void serverErrors.push(line) } },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return {
    app,
    port: (app.server.address() as AddressInfo).port,
    origin: PAGE_SERVER_ORIGIN,
    projectId: project.id,
    async close() {
      await app.close()
      await rm(distDir, { recursive: true, force: true })
    },
  }
}
