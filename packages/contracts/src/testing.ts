import { createServer } from 'node:net'
import { createPublicClient, type Hex, http } from 'viem'
import { compileContracts } from './compile.ts'

/** A port the OS just handed out as free, for tests that start their own anvil. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen({ host: '127.0.0.1', port: 0 }, () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port')),
      )
    })
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
