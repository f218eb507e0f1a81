import type { BuiltPackage } from './build-changed.ts'
import { markdownTable } from './markdown-table.ts'

/** A step of the stack and how long it took. */
interface Step {
  name: string
  ms: number
}

/** Passes the stack's lines on to `print`, keeping the time of each finished step (`✓ name (N ms)`). */
export function stepTimes(print: (line: string) => void): { log(line: string): void; done: Step[] } {
  const done: Step[] = []
  return {
    done,
    log(line) {
      const finished = /^✓ (.+) \((\d+) ms\)$/.exec(line)
      if (finished) done.push({ name: finished[1] as string, ms: Number(finished[2]) })
      print(line)
    },
  }
}

/** The start-up's phases in a short table: each package's build (or "up to date"), each step, the total. */
export function phaseTable(built: readonly BuiltPackage[], steps: readonly Step[], totalMs: number): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  const rows = [
    ...built.map(({ name, ms }) => [`build ${name}`, ms === undefined ? 'up to date' : seconds(ms)]),
    ...steps.map(({ name, ms }) => [name, seconds(ms)]),
    ['page ready (total)', seconds(totalMs)],
  ]
  return `\nStart-up phases\n${markdownTable(['phase', 'time'], rows)}`
}
