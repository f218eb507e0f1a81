import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Abi, Hex } from 'viem'

type CompiledContract = { abi: Abi; bytecode: Hex }
export type CompiledContracts = Record<string, CompiledContract>

const SOURCES_DIR = fileURLToPath(new URL('../contracts/', import.meta.url))
const require = createRequire(import.meta.url)

type SolcOutput = {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[]
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

/**
 * Compiles every .sol file in packages/contracts/contracts with the solc-js bundled in node_modules.
 * With `cacheDir`, the result is kept under a name derived from the sources and the compiler version,
 * so a restart skips both loading the 9 MB compiler and compiling.
 */
export async function compileContracts(options: { cacheDir?: string } = {}): Promise<CompiledContracts> {
  const sources = await readSources()
  // The package version names the bundled compiler, and reading it avoids loading soljson.js.
  const solcVersion: string = require('solc/package.json').version
  const hash = createHash('sha256').update(solcVersion).update(JSON.stringify(sources)).digest('hex')
  const cachePath = options.cacheDir ? join(options.cacheDir, `compiled-${hash}.json`) : undefined

  if (cachePath) {
    const cached = await readFile(cachePath, 'utf8').catch(() => undefined)
    if (cached) return JSON.parse(cached) as CompiledContracts
  }

  const compiled = await compile(sources)

  if (cachePath) {
    await mkdir(dirname(cachePath), { recursive: true })
    // Write then rename, so a concurrent start never reads half a file.
    const tmp = `${cachePath}.${process.pid}.tmp`
    await writeFile(tmp, JSON.stringify(compiled))
    await rename(tmp, cachePath)
  }
  return compiled
}

async function readSources(): Promise<Record<string, { content: string }>> {
  const files = (await readdir(SOURCES_DIR)).filter((file) => file.endsWith('.sol')).sort()
  const entries = await Promise.all(
    files.map(async (file) => [file, { content: await readFile(join(SOURCES_DIR, file), 'utf8') }] as const),
  )
  return Object.fromEntries(entries)
}

async function compile(sources: Record<string, { content: string }>): Promise<CompiledContracts> {
  const { default: solc } = await import('solc')
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // Cancun rather than the compiler's newest default keeps the bytecode deployable on any
      // JSON-RPC chain someone points RPC_URL at, not only the newest anvil.
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length > 0) {
    throw new Error(
      `Solidity compilation failed:\n${errors.map((error) => error.formattedMessage).join('\n')}`,
    )
  }

  const compiled: CompiledContracts = {}
  for (const contracts of Object.values(output.contracts ?? {})) {
    for (const [name, contract] of Object.entries(contracts)) {
      // Interfaces compile to no bytecode and cannot be deployed.
      if (contract.evm.bytecode.object) {
        compiled[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
      }
    }
  }
  return compiled
}
