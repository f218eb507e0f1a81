import { readFile, rm, writeFile } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'

/**
 * A process as the pidfile names it: its pid and its start time (in clock ticks since boot, from
 * /proc), so a pid the system has since handed to another program is never taken for it.
 */
interface ProcessRef {
  pid: number
  startedAt: string
}

/** The anvil serving a state file and the process that started it. */
interface PidRecord {
  anvil: ProcessRef
  owner: ProcessRef
}

/** How long a start waits for an anvil whose owner is alive to go before it says the chain is taken. */
const OWNER_GRACE_MS = 5_000

const pidPath = (statePath: string) => `${statePath}.pid`

/** Notes that `anvilPid` serves `statePath` for this process. Without /proc there is nothing to note. */
export async function recordAnvil(statePath: string, anvilPid: number): Promise<void> {
  const [anvil, owner] = await Promise.all([processRef(anvilPid), processRef(process.pid)])
  if (anvil && owner)
    await writeFile(pidPath(statePath), JSON.stringify({ anvil, owner } satisfies PidRecord))
}

export async function forgetAnvil(statePath: string): Promise<void> {
  await rm(pidPath(statePath), { force: true })
}

/**
 * Ends an anvil an earlier start left serving `statePath` (true when it ended one) — its owner killed by a means that no
 * clean-up survives, the watchdog with it — so that start never needs a hand to clean up. SIGTERM
 * first, which lets anvil save the state. An anvil whose owner is alive may be on its way out
 * (its owner stopping); when it is still there after a grace period, the chain is someone's.
 */
export async function endOrphanedAnvil(statePath: string, stopTimeoutMs: number): Promise<boolean> {
  const record = await readRecord(pidPath(statePath))
  if (!record) return false
  let ended = false
  if (await isRunning(record.owner)) {
    if (!(await exited(record.anvil, OWNER_GRACE_MS))) {
      throw new Error(
        `The chain in ${statePath} is served by a running Portico (process ${record.owner.pid}) — stop it first`,
      )
    }
  } else if ((await isRunning(record.anvil)) && (await servesState(record.anvil.pid, statePath))) {
    process.kill(record.anvil.pid, 'SIGTERM')
    if (!(await exited(record.anvil, stopTimeoutMs))) {
      process.kill(record.anvil.pid, 'SIGKILL')
      await exited(record.anvil, stopTimeoutMs)
    }
    ended = true
  }
  await forgetAnvil(statePath)
  return ended
}

async function readRecord(path: string): Promise<PidRecord | undefined> {
  try {
    const record = JSON.parse(await readFile(path, 'utf8')) as Partial<PidRecord>
    return isRef(record.anvil) && isRef(record.owner) ? (record as PidRecord) : undefined
  } catch {
    return undefined
  }
}

function isRef(value: unknown): value is ProcessRef {
  const ref = value as Partial<ProcessRef> | undefined
  return Number.isInteger(ref?.pid) && typeof ref?.startedAt === 'string'
}

/** The start time from /proc/<pid>/stat; undefined when there is no such process (or no /proc). */
async function processRef(pid: number): Promise<ProcessRef | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) is in parentheses and may hold spaces; the rest are plain.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const [state, startedAt] = [fields[0], fields[19]]
    return state === 'Z' || startedAt === undefined ? undefined : { pid, startedAt }
  } catch {
    return undefined
  }
}

async function isRunning(ref: ProcessRef): Promise<boolean> {
  return (await processRef(ref.pid))?.startedAt === ref.startedAt
}

async function exited(ref: ProcessRef, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (await isRunning(ref)) {
    if (Date.now() > deadline) return false
    await sleep(50)
  }
  return true
}

/** Whether the process is anvil run on this state file: the last check before signalling it. */
async function servesState(pid: number, statePath: string): Promise<boolean> {
  const args = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0')
  return /(^|\/)anvil(\.exe)?$/.test(args[0] ?? '') && args[args.indexOf('--state') + 1] === statePath
}
