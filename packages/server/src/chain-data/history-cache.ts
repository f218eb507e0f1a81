import type { Database } from '../db/database.ts'
import { hearChannel } from '../db/heard-channel.ts'
import type { StopListening } from '../db/notifications.ts'
import { ACTIVITY_CHANNEL, readAnnouncement } from '../indexer/announce.ts'

interface HistoryPages {
  /** The serialised page for `address` and `key` (cursor and size), from memory or from `load`. */
  read(address: string, key: string, load: () => Promise<string>): Promise<string>
  stop: StopListening
}

/**
 * History pages, kept as the JSON they were sent as, until the indexer announces new activity of
 * their account (or a rollback) — from this instance or any other on the database. The open
 * Activity tab asks for the newest page every second, and almost every such ask finds nothing
 * new. Nothing is served from memory while the announcements are not being heard.
 */
export async function watchHistoryPages(
  listen: Database['listen'],
  chainId: number,
  maxBytes: number,
): Promise<HistoryPages> {
  if (maxBytes <= 0) return { read: (_address, _key, load) => load(), stop: async () => {} }
  // Keyed by `address key`; a Map iterates in insertion order, so the first entry is the oldest.
  const pages = new Map<string, string>()
  const keysOf = new Map<string, Set<string>>()
  let bytes = 0

  const drop = (entry: string) => {
    bytes -= pages.get(entry)?.length ?? 0
    pages.delete(entry)
  }
  const forget = (address: string) => {
    for (const entry of keysOf.get(address) ?? []) drop(entry)
    keysOf.delete(address)
  }
  const forgetAll = () => {
    pages.clear()
    keysOf.clear()
    bytes = 0
  }
  const store = (address: string, entry: string, body: string) => {
    if (body.length > maxBytes) return
    drop(entry)
    pages.set(entry, body)
    bytes += body.length
    let keys = keysOf.get(address)
    if (!keys) {
      keys = new Set()
      keysOf.set(address, keys)
    }
    keys.add(entry)
    while (bytes > maxBytes) {
      const oldest = pages.keys().next().value as string
      drop(oldest)
      const owner = oldest.slice(0, oldest.indexOf(' '))
      const keys = keysOf.get(owner)
      keys?.delete(oldest)
      if (keys?.size === 0) keysOf.delete(owner)
    }
  }

  const channel = await hearChannel(listen, ACTIVITY_CHANNEL, {
    onMessage(payload) {
      const announcement = readAnnouncement(payload)
      if (announcement && announcement.chainId !== chainId) return
      if (!announcement || announcement.addresses === 'all') forgetAll()
      else for (const address of announcement.addresses) forget(address)
    },
    onReset: forgetAll,
  })

  return {
    async read(address, key, load) {
      const entry = `${address} ${key}`
      const kept = channel.trusted ? pages.get(entry) : undefined
      if (kept !== undefined) return kept
      const started = channel.generation
      const body = await load()
      if (channel.trusted && started === channel.generation) store(address, entry, body)
      return body
    },
    stop: channel.stop,
  }
}
