import { readFileSync } from 'node:fs'

/** How far up a start looks for the `npm` that ran it: npm → sh → tsx → this process. */
const MAX_DEPTH = 4

/** The parent pid of `pid` from /proc, or undefined when it is gone or this is not Linux. */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    return Number.isInteger(ppid) && ppid > 1 ? ppid : undefined
  } catch {
    return undefined
  }
}

/** npm names its process after what it runs ("npm start"), or still shows `node …/npm-cli.js`. */
function isNpm(pid: number): boolean {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    const program = argv[0]?.trim().split(/\s+/)[0] ?? ''
    return /(^|\/)npm$/.test(program) || /(^|\/)npm-cli\.js$/.test(argv[1] ?? '')
  } catch {
    return false
  }
}

/**
 * The processes this one runs under, from its parent up to the `npm` that ran it (`npm start`), or
 * just its parent when no npm is near (`tsx scripts/start.ts`). Read it first thing: a parent read
 * later may already be the one an orphan is handed to.
 */
export function parentChain(): number[] {
  const chain = [process.ppid]
  for (let pid = process.ppid; chain.length < MAX_DEPTH && !isNpm(pid); ) {
    const parent = parentOf(pid)
    if (parent === undefined) break
    chain.push(parent)
    pid = parent
  }
  return isNpm(chain.at(-1) ?? 0) ? chain : [process.ppid]
}

/** Whether `pid` still runs: a zombie (dead, not yet reaped) counts as gone. */
export function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}
