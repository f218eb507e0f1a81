import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FORWARDING } from './pool.ts'
import { RANKING, rankIndexes, type Sample, UpstreamRanking } from './upstreams.ts'

const ok = (latencyMs: number): Sample => ({ ok: true, latencyMs })
const failed = (latencyMs: number): Sample => ({ ok: false, latencyMs })

describe('the numbers the docs give for ranking and forwarding', () => {
  it('rank every 4 s over 10 samples, stability 0.7 and latency 0.3', () => {
    expect(RANKING).toMatchObject({
      intervalMs: 4_000,
      sampleCount: 10,
      weights: { stability: 0.7, latency: 0.3 },
    })
  })
  it('forward with a 10 s timeout and 3 retries from 150 ms; hedge after 1.5 s, answers up to 10 MiB, latest reads kept 250 ms', () => {
    expect(FORWARDING).toEqual({
      timeoutMs: 10_000,
      retryCount: 3,
      retryDelayMs: 150,
      hedgeAfterMs: 1_500,
      demoteMs: 30_000,
      maxResponseBytes: 10 * 2 ** 20,
      latestMaxAgeMs: 250,
    })
  })
})

describe('rankIndexes (viem’s score)', () => {
  it('keeps the configured order without samples, and for equal scores', () => {
    expect(rankIndexes([], 3)).toEqual([0, 1, 2])
    expect(rankIndexes([[ok(5), ok(5), ok(5)]], 3)).toEqual([0, 1, 2])
  })

  it('puts the one that answers before the faster one that fails', () => {
    expect(rankIndexes([[failed(1), ok(50)]], 2)).toEqual([1, 0])
  })

  it('weighs stability 0.7 and latency 0.3', () => {
    // Upstream 0 answered 9 of 10 quickly: 0.7 × 0.9 + 0.3 × (1 − 10/100) = 0.9
    // Upstream 1 answered 10 of 10 slowly: 0.7 × 1 + 0.3 × (1 − 100/100) = 0.7
    const rounds = Array.from({ length: 10 }, (_, i) => [i === 0 ? failed(10) : ok(10), ok(100)])
    expect(rankIndexes(rounds, 2)).toEqual([0, 1])
    // Answering 7 of 10 quickly: 0.7 × 0.7 + 0.3 × 0.9 = 0.76 > 0.7 still; 5 of 10: 0.62 < 0.7.
    const flaky = (answered: number) =>
      Array.from({ length: 10 }, (_, i) => [i < answered ? ok(10) : failed(10), ok(100)])
    expect(rankIndexes(flaky(7), 2)).toEqual([0, 1])
    expect(rankIndexes(flaky(5), 2)).toEqual([1, 0])
  })

  it('scores a round of instant answers without dividing by zero', () => {
    expect(rankIndexes([[failed(0), ok(0)]], 2)).toEqual([1, 0])
  })
})

describe('UpstreamRanking', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** Upstreams whose answers and delays the test sets, on the fake clock. */
  function fakeUpstreams(behaviour: Record<string, { delayMs: number; fails?: boolean; head?: bigint }>) {
    const asked: string[] = []
    const probe = async (url: string, timeoutMs: number) => {
      asked.push(url)
      const { delayMs, fails, head } = behaviour[url] ?? { delayMs: 0 }
      await new Promise((resolve) => setTimeout(resolve, Math.min(delayMs, timeoutMs)))
      if (fails || delayMs > timeoutMs) throw new Error('no answer')
      return head ?? 1n
    }
    return { asked, probe }
  }

  it('samples at once and every 4 s, ranking from the last 10 rounds, until stopped', async () => {
    const behaviour: Record<string, { delayMs: number; fails?: boolean; head?: bigint }> = {
      a: { delayMs: 5_000 }, // slower than the 1 s sample timeout
      b: { delayMs: 20, head: 7n },
    }
    const { asked, probe } = fakeUpstreams(behaviour)
    const ranking = new UpstreamRanking(['a', 'b'], probe)
    expect(ranking.ranked()).toEqual(['a', 'b'])
    ranking.start()
    await vi.advanceTimersByTimeAsync(RANKING.sampleTimeoutMs)
    expect(ranking.ranked()).toEqual(['b', 'a'])
    expect(ranking.head()).toBe(7n)
    expect(asked).toEqual(['a', 'b'])

    await vi.advanceTimersByTimeAsync(RANKING.intervalMs + RANKING.sampleTimeoutMs)
    expect(asked).toHaveLength(4)

    // a recovers and becomes the faster one: its 2 failed rounds of the last 10 weigh until they age out.
    behaviour.a = { delayMs: 1 }
    behaviour.b = { delayMs: 200 }
    for (let round = 0; round < 3; round++) await vi.advanceTimersByTimeAsync(RANKING.intervalMs + 200)
    expect(ranking.ranked()).toEqual(['b', 'a'])
    for (let round = 0; round < 10; round++) await vi.advanceTimersByTimeAsync(RANKING.intervalMs + 200)
    expect(ranking.ranked()).toEqual(['a', 'b'])

    ranking.stop()
    const count = asked.length
    await vi.advanceTimersByTimeAsync(10 * RANKING.intervalMs)
    expect(asked).toHaveLength(count)
  })

  it('knows no head while no upstream answered', async () => {
    const { probe } = fakeUpstreams({ a: { delayMs: 1, fails: true } })
    const ranking = new UpstreamRanking(['a'], probe)
    ranking.start()
    await vi.advanceTimersByTimeAsync(10)
    expect(ranking.head()).toBeUndefined()
    expect(ranking.ranked()).toEqual(['a'])
    ranking.stop()
  })
})
