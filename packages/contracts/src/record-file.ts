import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

/** What a deployment kept in the data folder, per chain id; a missing or damaged file reads as none. */
export async function readRecords<T>(path: string): Promise<Record<string, T>> {
  const text = await readFile(path, 'utf8').catch(() => undefined)
  if (!text) return {}
  try {
    return JSON.parse(text) as Record<string, T>
  } catch {
    // A damaged file only costs a fresh deployment, which rewrites it.
    return {}
  }
}

/** Write then rename, so a concurrent start never reads half a file. */
export async function writeRecords<T>(path: string, records: Record<string, T>): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const tmp = `${path}.${process.pid}.tmp`
  await writeFile(tmp, `${JSON.stringify(records, null, 2)}\n`)
  await rename(tmp, path)
}
