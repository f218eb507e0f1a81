import { ProviderErrorCode } from '@portico/core/shared'
import { ApiError } from './api.ts'
import type { Scene, Stage } from './stage.ts'

/** The user cancelled a task in the frame, or the page withdrew it (its modal closed). */
export class TaskCancelled extends ApiError {
  constructor() {
    super('User rejected the request.', 400, ProviderErrorCode.USER_REJECTED)
  }
}

/**
 * Steps the user takes inside the frame at the page's request (passkey, key export), keyed by the
 * page's message id so the page can withdraw one. Each runs as a scene on the stage until it
 * settles; withdrawing it rejects with TaskCancelled.
 */
export function createTasks(stage: Stage) {
  const running = new Map<string, () => void>()
  return {
    run<T>(
      messageId: string,
      origin: string,
      draw: (finish: (outcome: { value: T } | { error: Error }) => void) => Scene['render'],
    ): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        let settled = false
        const finish = (outcome: { value: T } | { error: Error }) => {
          if (settled) return
          settled = true
          running.delete(messageId)
          place.leave()
          if ('error' in outcome) reject(outcome.error)
          else resolve(outcome.value)
        }
        const place = stage.enter({ origin, render: draw(finish) })
        running.set(messageId, () => finish({ error: new TaskCancelled() }))
      })
    },
    /** True when `messageId` was a running task, now cancelled. */
    cancel(messageId: string): boolean {
      const withdraw = running.get(messageId)
      withdraw?.()
      return withdraw !== undefined
    },
  }
}

export type Tasks = ReturnType<typeof createTasks>
