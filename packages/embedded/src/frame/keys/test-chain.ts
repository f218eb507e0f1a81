import { ApiError } from '../api.ts'
import type { ChainRead } from '../chain-read.ts'

type Answer = unknown | ((params: unknown[]) => unknown)

/**
 * A chain as the frame's `/rpc` reads see it, for tests: each method answers from `answers` (a
 * value, or a function of the params that may throw), and every call is recorded.
 */
export function fakeChain(answers: Record<string, Answer>) {
  const calls: [string, unknown[]][] = []
  const read: ChainRead = async (method, params) => {
    calls.push([method, params])
    if (!(method in answers)) throw new ApiError(`${method} is not answered here`, 400, -32601)
    const answer = answers[method]
    return typeof answer === 'function' ? answer(params) : answer
  }
  return { answers, calls, read, methods: () => calls.map(([method]) => method) }
}
