/**
 * A map that forgets its least recently used entries beyond a count and a total size (a Map keeps
 * insertion order: a read moves the entry to the end, eviction takes from the front).
 */
export class Lru<V> {
  private readonly entries = new Map<string, { value: V; size: number }>()
  private bytes = 0

  constructor(
    readonly maxEntries: number,
    readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {}

  get size(): number {
    return this.entries.size
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry.value
  }

  /** `size` is what the entry counts against `maxBytes`; one larger than that is not kept. */
  set(key: string, value: V, size = 0): void {
    this.delete(key)
    if (size > this.maxBytes) return
    this.entries.set(key, { value, size })
    this.bytes += size
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break
      this.entries.delete(oldest)
      this.bytes -= entry.size
    }
  }

  clear(): void {
    this.entries.clear()
    this.bytes = 0
  }

  delete(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.bytes -= entry.size
  }
}
