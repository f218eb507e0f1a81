import type { Database } from './database.ts'
import type { StopListening } from './notifications.ts'

/** What a cache needs to know about the channel that tells it when its entries go stale. */
export interface HeardChannel {
  /** True while the channel is heard; otherwise a change may go unannounced and memory must not be served. */
  readonly trusted: boolean
  /** Changes with every message and every gap: a read that began under another generation must not be kept. */
  readonly generation: number
  stop: StopListening
}

/**
 * Listens on `channel` for a cache: `onMessage` drops what a message names, `onReset` drops
 * everything, which happens whenever the channel starts or stops being heard.
 */
export async function hearChannel(
  listen: Database['listen'],
  channel: string,
  handlers: { onMessage(payload: string): void; onReset(): void },
): Promise<HeardChannel> {
  let trusted = false
  let generation = 0
  const reset = () => {
    generation++
    handlers.onReset()
  }
  const stop = await listen(channel, {
    onMessage(payload) {
      generation++
      handlers.onMessage(payload)
    },
    onListening() {
      reset()
      trusted = true
    },
    onLost() {
      trusted = false
      reset()
    },
  })
  return {
    get trusted() {
      return trusted
    },
    get generation() {
      return generation
    },
    stop,
  }
}
