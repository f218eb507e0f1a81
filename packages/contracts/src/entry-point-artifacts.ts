import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Abi, Hex } from 'viem'

// The EntryPoint v0.8 and its simulation twin are GPL-3.0 (@account-abstraction/contracts@0.8.0).
// They run exactly as npm ships them: the artifacts are read from node_modules when a chain is set
// up or the bundler starts, and neither their sources nor their bytecode are kept in this
// repository or shipped in a published package.

export type EntryPointContract = 'EntryPoint' | 'EntryPointSimulations'

export interface EntryPointArtifact {
  abi: Abi
  /** Creation code. */
  bytecode: Hex
  /** Runtime code: what the bundler places at the EntryPoint's address to simulate (ERC-4337). */
  deployedBytecode: Hex
}

const require = createRequire(import.meta.url)

/** The unmodified `artifacts/<name>.json` of `@account-abstraction/contracts`. */
export async function readEntryPointArtifact(name: EntryPointContract): Promise<EntryPointArtifact> {
  const path = require.resolve(`@account-abstraction/contracts/artifacts/${name}.json`)
  const parsed: unknown = JSON.parse(await readFile(path, 'utf8'))
  const { abi, bytecode, deployedBytecode } = (parsed ?? {}) as Record<string, unknown>
  const isCode = (value: unknown): value is Hex =>
    typeof value === 'string' && /^0x([0-9a-fA-F]{2})+$/.test(value)
  if (!Array.isArray(abi) || !isCode(bytecode) || !isCode(deployedBytecode))
    throw new Error(`${path} is not a compiled contract (abi, bytecode, deployedBytecode)`)
  return { abi: abi as Abi, bytecode, deployedBytecode }
}
