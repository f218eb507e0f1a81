import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Abi, Hex } from 'viem'

// Uniswap V2 is GPL-3.0-or-later. The development chain runs its contracts exactly as npm ships
// them: the compiled artifacts are read from node_modules when a chain is set up, and neither their
// sources nor their bytecode are kept in this repository or shipped in a published package.

export type UniswapContract = 'UniswapV2Factory' | 'WETH9' | 'UniswapV2Router02'

const PACKAGE_OF: Record<UniswapContract, string> = {
  UniswapV2Factory: '@uniswap/v2-core',
  WETH9: '@uniswap/v2-periphery',
  UniswapV2Router02: '@uniswap/v2-periphery',
}

export interface UniswapArtifact {
  abi: Abi
  bytecode: Hex
}

const require = createRequire(import.meta.url)

/** The unmodified `build/<name>.json` of the npm package, its ABI and creation bytecode. */
export async function readUniswapArtifact(name: UniswapContract): Promise<UniswapArtifact> {
  const path = require.resolve(`${PACKAGE_OF[name]}/build/${name}.json`)
  const parsed: unknown = JSON.parse(await readFile(path, 'utf8'))
  const { abi, bytecode } = (parsed ?? {}) as { abi?: unknown; bytecode?: unknown }
  // Waffle wrote the bytecode without 0x; a file of another shape is not the one this code knows.
  if (!Array.isArray(abi) || typeof bytecode !== 'string' || !/^(0x)?([0-9a-fA-F]{2})+$/.test(bytecode))
    throw new Error(`${path} is not a compiled contract (abi and bytecode)`)
  return { abi: abi as Abi, bytecode: bytecode.startsWith('0x') ? (bytecode as Hex) : `0x${bytecode}` }
}
