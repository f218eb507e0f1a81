import { randomBytes } from 'node:crypto'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'

/**
 * While `npm start` holds the embedded database, no other process may open it (two PGlite writers
 * corrupt it). The running server therefore leaves a note in the data folder — its URL and a
 * random token, readable by this user only — and the projects CLI sends its commands there.
 */
export interface AdminChannel {
  url: string
  token: string
}

const ChannelFile = z.object({ url: z.url(), token: z.string().regex(/^[0-9a-f]{64}$/) })

export function newAdminToken(): string {
  return randomBytes(32).toString('hex')
}

function channelPath(dataDir: string): string {
  return join(dataDir, 'admin.json')
}

export async function publishAdminChannel(
  dataDir: string,
  channel: AdminChannel,
): Promise<() => Promise<void>> {
  const path = channelPath(dataDir)
  // The mode applies only to a new file, so a note left behind by a crash is replaced, not reused.
  await rm(path, { force: true })
  await writeFile(path, JSON.stringify(channel), { mode: 0o600, flag: 'wx' })
  return () => rm(path, { force: true })
}

/** The running server's channel, or undefined when none was left (or the note is unreadable). */
export async function readAdminChannel(dataDir: string): Promise<AdminChannel | undefined> {
  try {
    const parsed = ChannelFile.safeParse(JSON.parse(await readFile(channelPath(dataDir), 'utf8')))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}
