import { readdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/** The secure frame's build: its entry script, and the chunks it imports later by file name. */
export interface FrameAssets {
  script: string
  chunks: ReadonlyMap<string, string>
}

/** A chunk's file name as the frame's build writes it (vite.frame.config.ts): `<name>-<hash>.js`. */
export const FRAME_CHUNK_NAME = /^[A-Za-z0-9_-]{1,100}\.js$/

/**
 * Reads the built frame (`@portico/embedded`'s dist/frame.js) and the chunks beside it in
 * `chunks/`, all kept in memory as the entry script always was: the services serve them without
 * touching the disk again.
 */
export async function readFrameAssets(scriptPath: string): Promise<FrameAssets> {
  const script = await readFile(scriptPath, 'utf8').catch(() => {
    throw new Error(`The secure frame is not built (${scriptPath}) — run npm run build`)
  })
  const folder = join(dirname(scriptPath), 'chunks')
  const names = await readdir(folder).catch(() => [])
  const chunks = new Map<string, string>()
  for (const name of names.filter((file) => FRAME_CHUNK_NAME.test(file)))
    chunks.set(name, await readFile(join(folder, name), 'utf8'))
  return { script, chunks }
}
