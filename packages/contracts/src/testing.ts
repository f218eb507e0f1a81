import { createServer } from 'node:net'

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

export { demoCollectionAbi } from './abis.ts'
export { compileContracts } from './compile.ts'
