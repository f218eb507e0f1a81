import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { serialize } from '@wagmi/core'
import type { PageConfig } from './page-config.ts'

export const TEST_CONFIG: PageConfig = {
  projectId: '0123456789abcdef0123456789abcdef',
  servicesUrl: 'http://127.0.0.1:9',
  rpcUrl: 'http://127.0.0.1:8545',
  chainId: 31337,
  chainName: 'Anvil',
}

export const ENTRY = 'assets/entry-test.js'
/** An asset the build left without compressed copies. */
export const PLAIN_CSS = 'assets/entry-test.css'

/** A stand-in for `npm run build`'s output: a manifest and an entry as big as the real one (~450 kB). */
export async function makeDist(): Promise<{ dir: string; entrySource: Buffer; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'portico-web-dist-'))
  await mkdir(join(dir, '.vite'))
  await mkdir(join(dir, 'assets'))
  const manifest = { 'src/entry-client.tsx': { file: ENTRY, isEntry: true, css: [PLAIN_CSS] } }
  await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest))
  const lines = Array.from(
    { length: 12_000 },
    (_, i) => `export const value${i} = ${(i * 2654435761) % 1e9};\n`,
  )
  const entrySource = Buffer.from(lines.join(''))
  await writeFile(join(dir, ENTRY), entrySource)
  await writeFile(join(dir, `${ENTRY}.gz`), gzipSync(entrySource))
  await writeFile(join(dir, `${ENTRY}.br`), brotliCompressSync(entrySource))
  await writeFile(join(dir, PLAIN_CSS), 'body{margin:0}')
  return { dir, entrySource, remove: () => rm(dir, { recursive: true, force: true }) }
}

export const TEST_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A cookie header carrying wagmi's state, as the browser's cookie storage writes it. */
export function wagmiCookie(status: 'connected' | 'disconnected'): string {
  const connections =
    status === 'connected'
      ? new Map([
          [
            'uid-1',
            {
              accounts: [TEST_ADDRESS],
              chainId: 31337,
              connector: { id: 'io.test', name: 'Test', type: 'injected', uid: 'uid-1' },
            },
          ],
        ])
      : new Map()
  const value = serialize({
    state: { chainId: 31337, connections, current: status === 'connected' ? 'uid-1' : null, status },
    version: 2,
  })
  return `other=1; wagmi.store=${value}`
}
