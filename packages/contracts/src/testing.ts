import { createServer } from 'node:net'
import { createPublicClient, type Hex, http } from 'viem'
import { compileContracts } from './compile.ts'

/**
 * Ports are taken from below Linux's ephemeral range (32768 and up by default), where the OS hands
 * out the local ports of outgoing connections: a port picked there could be taken by some client's
 * socket before the test's server listens on it, seconds later.
 */
const PICK_FROM = 20_000
const PICK_TO = 32_767

/** A port that was free just now, for tests that start their own servers and anvil. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = PICK_FROM + Math.floor(Math.random() * (PICK_TO - PICK_FROM + 1))
    if (await isFree(port)) return port
  }
  throw new Error(`No free port between ${PICK_FROM} and ${PICK_TO}`)
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen({ host: '127.0.0.1', port }, () => server.close(() => resolve(true)))
  })
}

/** Multicall3's canonical address, the same on every chain it was deployed to. */
const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11'

/**
 * Puts TestMulticall3 (aggregate3 and getEthBalance with Multicall3's ABI) at Multicall3's address
 * on the anvil at `rpcUrl`, or takes it away with `present: false`, so a test can run the services
 * against a chain with and without Multicall3. `cacheDir` reuses a compile cache.
 */
export async function setTestMulticall3(
  rpcUrl: string,
  present: boolean,
  options: { cacheDir?: string } = {},
): Promise<void> {
  const client = createPublicClient({ transport: http(rpcUrl) })
  let code: Hex = '0x'
  if (present) {
    const { TestMulticall3: compiled } = await compileContracts({ cacheDir: options.cacheDir })
    if (!compiled) throw new Error('TestMulticall3 did not compile')
    // A call with no recipient runs the constructor and answers the code it would leave behind.
    const { data } = await client.call({ data: compiled.bytecode })
    if (!data) throw new Error('TestMulticall3 left no code')
    code = data
  }
  await client.request<{ Method: 'anvil_setCode'; Parameters: [Hex, Hex]; ReturnType: null }>({
    method: 'anvil_setCode',
    params: [MULTICALL3_ADDRESS, code],
  })
}

export { demoCollectionAbi } from './abis.ts'
export { compileContracts } from './compile.ts'
