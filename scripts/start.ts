// tsx runs this file in a child process, under npm when started by `npm start`; when tsx or npm is
// killed by SIGKILL it cannot pass that on, and this process would keep every port. Losing any of
// them is taken as the signal to stop (see the end). They are read first thing, before the stack
// starts and before the modules load (hence the dynamic imports: static ones load every module
// first, for seconds). Read once the stack was up, they could be read after tsx had died — killed
// during start-up, or on a busy machine in the instant after "Portico is up" — so the new parent
// would be read instead and the check would never fire.
import { parentChain, running } from './parent-chain.ts'

const parents = parentChain()
const started = performance.now()
console.log('Starting Portico (embedded default: local chain, embedded Postgres)…')
const { buildChanged } = await import('./build-changed.ts')
// Only what changed since the last start is built (each package's output carries the hash of its inputs);
// PORTICO_BUILD=skip starts from the packages as they are, for a caller that has just built them all.
const built =
  process.env.PORTICO_BUILD === 'skip'
    ? []
    : await buildChanged(process.cwd()).catch((error: unknown) =>
        fail(error instanceof Error ? error.message : String(error)),
      )
const { DEV_ACCOUNTS } = await import('@portico/contracts')
const { startStack } = await import('./stack.ts')
const { phaseTable, stepTimes } = await import('./start-phases.ts')

const port = (name: string, fallback: number) => {
  const value = process.env[name]
  if (value === undefined) return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535)
    fail(`${name} must be a port number, got "${value}"`)
  return parsed
}

function fail(message: string): never {
  console.error(`✗ ${message}`)
  process.exit(1)
}

const steps = stepTimes((line) => console.log(`  ${line}`))
const stack = await startStack({
  dataDir: process.env.DATA_DIR ?? '.data',
  rpcUrl: process.env.RPC_URL,
  databaseUrl: process.env.DATABASE_URL,
  anvilPort: port('ANVIL_PORT', 8545),
  serverPort: port('SERVER_PORT', 3001),
  webPort: port('WEB_PORT', 3000),
  smtpUrl: process.env.SMTP_URL,
  publicUrl: process.env.PUBLIC_URL,
  masterKey: process.env.MASTER_KEY,
  recoveryKey: process.env.RECOVERY_KEY,
  hashSecret: process.env.HASH_SECRET,
  namesGatewayKey: process.env.NAMES_GATEWAY_KEY,
  log: steps.log,
}).catch((error: unknown) =>
  fail(error instanceof Error ? (error.message.split('\n')[0] ?? 'start failed') : String(error)),
)

const dev = DEV_ACCOUNTS[0]
console.log(`
Portico is up in ${Math.round(performance.now() - started)} ms
  page      ${stack.pageUrl}
  services  ${stack.servicesUrl}
  chain     ${stack.rpcUrl} (chain id ${stack.chainId})
  RPC proxy ${stack.proxyRpcUrl}
  WC relay  ${stack.walletConnectRelayUrl}
  social    ${stack.identityProviderUrl} (development identity provider for all six social logins)
  bundler   ${stack.bundlerUrl} (EntryPoint ${stack.smartAccounts.entryPoint})
  project   ${stack.projectId}

How to try it
  1. In your browser wallet add a network: RPC URL ${stack.rpcUrl}, chain id ${stack.chainId}, symbol ETH.
  2. Import the dev account ${dev?.address}
     private key ${dev?.privateKey} (a public test key — never use it on a real network).
  3. Open ${stack.pageUrl} and press "Connect Wallet" (${stack.pageUrl}/?rpc=services reads the chain
     through the services' RPC proxy).
${stack.deployment.reused ? '  (Reused the chain and contracts kept in the data folder.)\n' : ''}
Press Ctrl-C to stop.`)
console.log(phaseTable(built, steps.done, performance.now() - started))

let stopping = false
const shutdown = async () => {
  if (stopping) return
  stopping = true
  console.log('\nStopping…')
  await stack.stop()
  console.log('Stopped.')
  process.exit(0)
}
process.on('SIGINT', () => void shutdown())
process.on('SIGTERM', () => void shutdown())
// A process read at the top is gone (also if it went during start-up): stop. Nobody is left to
// insist, so a stop that hangs ends the process anyway; anvil's watchdog then ends anvil.
const watch = setInterval(() => {
  if (process.ppid === parents[0] && parents.every(running)) return
  clearInterval(watch)
  setTimeout(() => process.exit(1), 30_000).unref()
  void shutdown()
}, 1_000).unref()
