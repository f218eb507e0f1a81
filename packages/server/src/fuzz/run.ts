import { describeFailure, type FuzzOptions, fuzzRoute, p99, type RouteReport, statusSummary } from './fuzz.ts'
import { ROUTES } from './routes.ts'
import { startFuzzTarget } from './target.ts'
import { fuzzRelaySocket, RELAY_SOCKET_FUZZ } from './wc-relay-socket.ts'

/**
 * `npm run fuzz`: FUZZ_RUNS cases per route (100,000 unless told), then a Markdown table. FUZZ_ROUTE
 * picks routes by a part of their name; FUZZ_SEED and FUZZ_PATH replay a reported failure.
 */
const env = process.env
const options: FuzzOptions = {
  runs: Number(env.FUZZ_RUNS ?? 100_000),
  seed: env.FUZZ_SEED === undefined ? undefined : Number(env.FUZZ_SEED),
  path: env.FUZZ_PATH,
}
const routes = ROUTES.filter((route) => route.name.includes(env.FUZZ_ROUTE ?? ''))
const target = await startFuzzTarget()
const reports: RouteReport[] = []
const started = Date.now()
try {
  for (const route of routes) {
    const report = await fuzzRoute(target, route, options)
    reports.push(report)
    const verdict = report.failure ? `FAILED: ${report.failure.problem}` : 'ok'
    console.error(`${route.name}: ${report.requests} requests, ${verdict}`)
  }
  if (RELAY_SOCKET_FUZZ.includes(env.FUZZ_ROUTE ?? '')) {
    const report = await fuzzRelaySocket(target, options)
    reports.push(report)
    console.error(
      `${report.route}: ${report.requests} frames, ${report.failure ? `FAILED: ${report.failure.problem}` : 'ok'}`,
    )
  }
} finally {
  await target.close()
}

const cell = (text: string) => text.replaceAll('|', '\\|')
console.log(
  `Fuzzed ${new Date().toISOString().slice(0, 10)}, ${options.runs} cases per route, ${Math.round((Date.now() - started) / 1000)} s\n`,
)
console.log('| route | requests | statuses | p99 ms | failures |')
console.log('|---|---:|---|---:|---|')
for (const report of reports) {
  const failure = report.failure ? `1: ${report.failure.problem}` : '0'
  console.log(
    `| ${cell(report.route)} | ${report.requests} | ${statusSummary(report.statuses)} | ${p99(report.durations).toFixed(1)} | ${cell(failure)} |`,
  )
}
for (const report of reports.filter((each) => each.failure)) console.log(`\n${describeFailure(report)}`)
if (reports.some((report) => report.failure)) process.exitCode = 1
