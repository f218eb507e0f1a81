import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { createServer, isIPv6 } from 'node:net'
import { dirname } from 'node:path'
import { createInterface } from 'node:readline'
import type { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { endOrphanedAnvil, forgetAnvil, recordAnvil } from './anvil-pidfile.ts'
import { chainIdAt } from './chain-id.ts'

type AnvilOptions = {
  host?: string
  port?: number
  chainId?: number
  /** Chain state file: loaded when it exists, written on exit and every few seconds. */
  statePath?: string
  /** Genesis block time (unix seconds); ignored when `statePath` already holds a chain. */
  genesisTimestamp?: number
  /** Receives anvil's stdout and stderr line by line. */
  log?: (line: string) => void
}

export type AnvilHandle = {
  rpcUrl: string
  /** anvil's own process (not its watchdog's), e.g. for a test that pauses the node. */
  pid: number
  stop(): Promise<void>
}

const READY_TIMEOUT_MS = 30_000
const STOP_TIMEOUT_MS = 15_000
const STATE_INTERVAL_SECONDS = 2
const WATCHDOG = fileURLToPath(new URL('./anvil-watchdog.mjs', import.meta.url))

/**
 * Starts anvil from the npm package and resolves once it answers `eth_chainId`. anvil runs under a
 * watchdog (anvil-watchdog.mjs) that ends it when this process dies, even by SIGKILL; with a
 * `statePath`, a pidfile beside it lets the next start end an anvil that outlived both
 * (anvil-pidfile.ts).
 */
export async function startAnvil(options: AnvilOptions = {}): Promise<AnvilHandle> {
  const host = options.host ?? '127.0.0.1'
  const port = options.port ?? 8545
  const endedOrphan = options.statePath ? await endOrphanedAnvil(options.statePath, STOP_TIMEOUT_MS) : false
  // An anvil that has just exited shows as a zombie while its other threads still hold the socket,
  // for longer on a busy machine: the port of an orphan we ended is given a moment to come free.
  await assertPortFree(host, port, endedOrphan ? STOP_TIMEOUT_MS : 0)

  const args = [
    ...['--host', host, '--port', String(port), '--chain-id', String(options.chainId ?? 31337)],
    // Past its in-memory window anvil writes every older block's state to ~/.foundry/anvil/tmp and
    // leaves it there when stopped: gigabytes under a fuzz run. Old states are dropped instead; a
    // call at a block that old answers anvil's "block out of range" error.
    ...['--max-persisted-states', '0'],
  ]
  if (options.statePath) {
    // A genesis time on a resumed chain would reset anvil's clock and make new blocks older than
    // the saved ones, so it applies to a fresh chain only.
    if (options.genesisTimestamp !== undefined && !existsSync(options.statePath)) {
      args.push('--timestamp', String(options.genesisTimestamp))
    }
    await mkdir(dirname(options.statePath), { recursive: true })
    args.push('--state', options.statePath, '--state-interval', String(STATE_INTERVAL_SECONDS))
  } else if (options.genesisTimestamp !== undefined) {
    args.push('--timestamp', String(options.genesisTimestamp))
  }

  const child = spawn(process.execPath, [WATCHDOG, anvilBinary(), ...args], {
    stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
  })
  // Closing stdin is how the watchdog is told to stop anvil; a watchdog already gone is no error.
  child.stdin?.on('error', () => {})
  const anvilPid = firstLine(child.stdio[3] as Readable).then(Number)
  const rpcUrl = `http://${connectHost(host)}:${port}`
  // 'close' rather than 'exit': it waits for stderr to drain, so the last error line is in.
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()))
  const forceKill = async () => {
    const pid = await Promise.race([anvilPid, exited.then(() => undefined)])
    try {
      if (pid) process.kill(pid, 'SIGKILL')
    } catch {
      // Already gone.
    }
    child.kill('SIGKILL')
  }
  const stderrLines: string[] = []
  createInterface({ input: child.stdout }).on('line', (line) => options.log?.(line))
  createInterface({ input: child.stderr }).on('line', (line) => {
    stderrLines.push(line)
    if (stderrLines.length > 20) stderrLines.shift()
    options.log?.(line)
  })

  let pid: number
  try {
    await waitUntilReady(child, rpcUrl, exited, stderrLines)
    pid = await anvilPid
    if (options.statePath) await recordAnvil(options.statePath, pid)
  } catch (error) {
    // Without a pid the spawn itself failed, and no exit event will follow.
    if (child.pid !== undefined) {
      await forceKill()
      await exited
    }
    throw error
  }

  return {
    rpcUrl,
    pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // anvil writes its state before exiting, which is why we wait.
        child.stdin?.end()
        const timer = setTimeout(() => void forceKill(), STOP_TIMEOUT_MS)
        await exited
        clearTimeout(timer)
      }
      if (options.statePath) await forgetAnvil(options.statePath)
    },
  }
}

/**
 * The first line a stream gives, or all it gave when it ends without one. It is read to the end,
 * since the child's 'close' waits for every one of its pipes.
 */
function firstLine(stream: Readable): Promise<string> {
  return new Promise((resolve) => {
    let text = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      text += chunk
      if (text.includes('\n')) resolve(text.slice(0, text.indexOf('\n')))
    })
    stream.once('close', () => resolve(text))
  })
}

// The native binary rather than the package's bin.mjs: that wrapper exits as soon as it forwards
// a signal, so waiting for it would not mean anvil has finished writing its state.
function anvilBinary(): string {
  const require = createRequire(createRequire(import.meta.url).resolve('@foundry-rs/anvil/package.json'))
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${arch}`
  try {
    return require.resolve(`${platformPackage}/bin/anvil${process.platform === 'win32' ? '.exe' : ''}`)
  } catch {
    throw new Error(`The anvil binary (${platformPackage}) is not installed — run npm install`)
  }
}

async function assertPortFree(host: string, port: number, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs
  for (;;) {
    try {
      return await probePort(host, port)
    } catch (error) {
      if (Date.now() >= deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

function probePort(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} is already in use — stop the other process or set ANVIL_PORT / RPC_URL`)
          : new Error(`Cannot listen on ${host}:${port} — ${error.message}`),
      )
    })
    probe.listen({ host, port }, () => probe.close(() => resolve()))
  })
}

// A wildcard listen address is not something a client can connect to.
function connectHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1'
  if (host === '::') return '[::1]'
  return isIPv6(host) ? `[${host}]` : host
}

async function waitUntilReady(
  child: ChildProcess,
  rpcUrl: string,
  exited: Promise<void>,
  stderrLines: string[],
): Promise<void> {
  let done = false
  const failure = new Promise<never>((_, reject) => {
    child.once('error', (error) => {
      if (!done) reject(new Error(`Could not start anvil — ${error.message}`))
    })
    exited.then(() => {
      if (done) return
      const nonEmpty = stderrLines.filter((line) => line.trim() !== '')
      // clap ends usage errors with a "try --help" hint; the error line above it says more.
      const reason = nonEmpty.findLast((line) => /error/i.test(line)) ?? nonEmpty.at(-1)
      reject(new Error(reason?.trim() ?? `anvil exited with code ${child.exitCode}`))
    })
  })
  const deadline = Date.now() + READY_TIMEOUT_MS
  const poll = async () => {
    while (!done) {
      if ((await chainIdAt(rpcUrl, 1_000)) !== undefined) return
      if (Date.now() > deadline) throw new Error(`anvil did not answer at ${rpcUrl} within 30 s`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  try {
    await Promise.race([poll(), failure])
  } finally {
    done = true
  }
}
