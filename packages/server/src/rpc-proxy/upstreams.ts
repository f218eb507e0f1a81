/**
 * Which upstream a call goes to first: every 4 s each upstream is asked for its block
 * number, and the last 10 rounds rank them — stability (the share of answered samples) weighs 0.7,
 * latency 0.3. The numbers and the score are viem's `fallback({ rank })` (clients/transports/
 * fallback.ts, `rankTransports`); the loop is our own because viem's cannot be stopped — it keeps
 * a timer and keeps pinging for the life of the process, which a server that closes (and its tests)
 * cannot have — and because it does not tell the block number it saw, which the cache reads.
 */
export const RANKING = {
  intervalMs: 4_000,
  sampleCount: 10,
  weights: { stability: 0.7, latency: 0.3 },
  /** viem's default: a node slower than this to say its block number counts as not answering. */
  sampleTimeoutMs: 1_000,
} as const

export type RankingSettings = Record<Exclude<keyof typeof RANKING, 'weights'>, number>

export interface Sample {
  ok: boolean
  latencyMs: number
}

/**
 * Upstream indexes, best first, from rounds of samples (each round one sample per upstream).
 * viem's score: `latency × (1 − mean latency / slowest sample) + stability × answered share`, and
 * 0 for one that answered none; equal scores keep the configured order.
 */
export function rankIndexes(rounds: readonly (readonly Sample[])[], count: number): number[] {
  const indexes = Array.from({ length: count }, (_, i) => i)
  if (rounds.length === 0) return indexes
  const { stability, latency } = RANKING.weights
  const slowest = Math.max(...rounds.flatMap((round) => round.map((sample) => sample.latencyMs)))
  const score = (i: number) => {
    const samples = rounds.map((round) => round[i] ?? { ok: false, latencyMs: slowest })
    const answered = samples.filter((sample) => sample.ok).length / samples.length
    if (answered === 0) return 0
    const meanLatency = samples.reduce((sum, sample) => sum + sample.latencyMs, 0) / samples.length
    // viem divides by the slowest sample unguarded; all-instant rounds would score NaN.
    const latencyScore = slowest > 0 ? 1 - meanLatency / slowest : 1
    return latency * latencyScore + stability * answered
  }
  const scores = indexes.map(score)
  return indexes.sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0))
}

/** Asks one upstream for its block number within the timeout; throws when it does not answer. */
export type Probe = (url: string, timeoutMs: number) => Promise<bigint>

/** Samples the upstreams every interval and keeps them ranked, until stopped. */
export class UpstreamRanking {
  private readonly rounds: Sample[][] = []
  private order: number[]
  private heads: (bigint | undefined)[] = []
  private timer: ReturnType<typeof setTimeout> | undefined
  private stopped = false

  constructor(
    readonly urls: readonly string[],
    private readonly probe: Probe,
    private readonly settings: RankingSettings = RANKING,
  ) {
    // Until the first round is in, the operator's order stands.
    this.order = urls.map((_, i) => i)
  }

  start(): void {
    void this.sampleRound()
  }

  stop(): void {
    this.stopped = true
    clearTimeout(this.timer)
  }

  /** The upstream URLs, best first. */
  ranked(): string[] {
    return this.order.map((i) => this.urls[i] as string)
  }

  /** The highest block number the last round saw, if any upstream answered it. */
  head(): bigint | undefined {
    return this.heads.reduce<bigint | undefined>(
      (high, head) => (head !== undefined && (high === undefined || head > high) ? head : high),
      undefined,
    )
  }

  private async sampleRound(): Promise<void> {
    const results = await Promise.all(this.urls.map((url) => this.sample(url)))
    if (this.stopped) return
    this.rounds.push(results.map(({ sample }) => sample))
    if (this.rounds.length > this.settings.sampleCount) this.rounds.shift()
    this.heads = results.map(({ head }) => head)
    this.order = rankIndexes(this.rounds, this.urls.length)
    this.timer = setTimeout(() => void this.sampleRound(), this.settings.intervalMs)
    // The loop never holds a process open; stop() ends it for a server that closes.
    this.timer.unref?.()
  }

  private async sample(url: string): Promise<{ sample: Sample; head?: bigint }> {
    const started = Date.now()
    try {
      const head = await this.probe(url, this.settings.sampleTimeoutMs)
      return { sample: { ok: true, latencyMs: Date.now() - started }, head }
    } catch {
      return { sample: { ok: false, latencyMs: Date.now() - started } }
    }
  }
}
