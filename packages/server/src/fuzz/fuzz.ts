import fc from 'fast-check'
import { type Guard, mutate, mutations } from './mutate.ts'
import { type Answer, describe, type RequestShape, send } from './request.ts'
import type { FuzzTarget } from './target.ts'

/** A request the route accepts, or a way to make one where it uses something up (a nonce, a code, a session). */
export type Valid = RequestShape | (() => Promise<RequestShape>)

export interface Route {
  name: string
  /** The registered `METHOD path`s this covers, when not just its name (HEAD twins are implied). */
  covers?: string[]
  /** The demo page server rather than the services. */
  onPageServer?: boolean
  guard: Guard
  valid(target: FuzzTarget): fc.Arbitrary<Valid>
}

/** The slowest any answer may be, the design's budget for a request. */
const BUDGET_MS = 5_000
const HEALTH_EVERY = 50

// Stack frames and source locations, not the words: our own messages say "at most 8000 characters".
const LEAKS: Array<[RegExp, string]> = [
  [/\bat (?:async )?[^\s()]+ \(.*:\d+:\d+\)/, 'a stack frame'],
  [/^\s+at \S+/m, 'a stack frame'],
  [/\/work\//, 'a file path'],
  [/\.ts:/, 'a source location'],
  [/node:internal|file:\/\//, 'a module path'],
]

/** What is wrong with an answer, if anything: the properties every route must keep. */
function judge(answer: Answer, method: string): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`
  if (answer.ms > BUDGET_MS) return `took ${Math.round(answer.ms)} ms`
  for (const [pattern, what] of LEAKS) if (pattern.test(answer.body)) return `the answer shows ${what}`
  // Node's HTTP parser answers a request line it refuses before the app sees it, in Fastify's
  // default shape; HEAD answers carry no body to judge.
  if (
    answer.status >= 400 &&
    answer.contentType.includes('json') &&
    !answer.overSocket &&
    method !== 'HEAD'
  ) {
    let error: { code?: unknown; message?: unknown } | undefined
    try {
      error = JSON.parse(answer.body)?.error
    } catch {}
    if (typeof error?.code !== 'string' || typeof error.message !== 'string')
      return `a ${answer.status} not in the {error:{code,message}} shape`
  }
  return undefined
}

async function unhealthy(target: FuzzTarget, route: Route): Promise<string | undefined> {
  const health = await target.app.inject({ url: '/health' })
  if (health.statusCode !== 200) return `/health answered ${health.statusCode} afterwards`
  if (!route.onPageServer) return undefined
  const page = await target.pageServer.app.inject({ url: '/healthz' })
  return page.statusCode === 200
    ? undefined
    : `the page server's /healthz answered ${page.statusCode} afterwards`
}

class FuzzFailure extends Error {
  override name = 'FuzzFailure'
  constructor(
    readonly problem: string,
    readonly request: string,
    readonly serverLog: string,
  ) {
    super(`${problem}: ${request}${serverLog ? `\nserver log: ${serverLog.slice(0, 600)}` : ''}`)
  }
}

export interface RouteReport {
  route: string
  requests: number
  statuses: Map<number, number>
  durations: number[]
  /** The shrunk counterexample and how to replay it (FUZZ_SEED, FUZZ_PATH, FUZZ_ROUTE). */
  failure?: { problem: string; request: string; serverLog: string; seed: number; path: string }
}

export interface FuzzOptions {
  runs: number
  seed?: number | undefined
  path?: string | undefined
}

/** Runs the route's property: one-field mutations of valid requests, every answer judged, /health checked. */
export async function fuzzRoute(
  target: FuzzTarget,
  route: Route,
  options: FuzzOptions,
): Promise<RouteReport> {
  const report: RouteReport = { route: route.name, requests: 0, statuses: new Map(), durations: [] }
  const server = route.onPageServer ? target.pageServer : target
  const property = fc.asyncProperty(route.valid(target), mutations(target), async (valid, mutation) => {
    const base = typeof valid === 'function' ? await valid() : valid
    const shape = mutate(base, mutation, route.guard, target)
    const logged = target.serverErrors.length
    let answer: Answer
    try {
      answer = await send(server, shape)
    } catch (error) {
      throw new FuzzFailure((error as Error).message, describe(shape), '')
    }
    report.requests++
    report.statuses.set(answer.status, (report.statuses.get(answer.status) ?? 0) + 1)
    report.durations.push(answer.ms)
    const problem =
      judge(answer, shape.method) ??
      (report.requests % HEALTH_EVERY === 0 ? await unhealthy(target, route) : undefined)
    if (problem) throw new FuzzFailure(problem, describe(shape), target.serverErrors.slice(logged).join(''))
  })
  const details = await fc.check(property, {
    numRuns: options.runs,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.path === undefined ? {} : { path: options.path }),
  })
  const afterwards = await unhealthy(target, route)
  if (details.failed) {
    const error = details.errorInstance
    const failure =
      error instanceof FuzzFailure ? error : new FuzzFailure(String(error), 'the property itself threw', '')
    report.failure = {
      problem: failure.problem,
      request: failure.request,
      serverLog: failure.serverLog,
      seed: details.seed,
      path: details.counterexamplePath ?? '',
    }
  } else if (afterwards) {
    report.failure = {
      problem: afterwards,
      request: 'GET /health',
      serverLog: '',
      seed: details.seed,
      path: '',
    }
  }
  return report
}

/** The failure as a bug report: what broke, the shrunk request, what the server logged, how to replay it. */
export function describeFailure(report: RouteReport): string {
  const { failure } = report
  if (!failure) return ''
  const lines = [`${report.route}: ${failure.problem}`, `  request: ${failure.request}`]
  if (failure.serverLog) lines.push(`  server log: ${failure.serverLog.trim().slice(0, 800)}`)
  lines.push(
    `  replay: FUZZ_ROUTE='${report.route}' FUZZ_SEED=${failure.seed} FUZZ_PATH='${failure.path}' npm run fuzz`,
  )
  return lines.join('\n')
}

export function p99(durations: number[]): number {
  if (durations.length === 0) return 0
  const sorted = [...durations].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0
}

export function statusSummary(statuses: Map<number, number>): string {
  return [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ')
}
