import { chmod, mkdir, readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * The data folder holds the database (users, sessions, hashes of codes), the master key and the
 * hash secret: only the account running the server may enter it. It is created 0700; an existing
 * one that other accounts can write to is refused, since they could swap any file in it.
 */
export async function preparePrivateDataDir(dataDir: string): Promise<void> {
  // Everything written from here on (PGlite's files, keys, the admin note) is born private.
  process.umask(process.umask(0o077) | 0o077)
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const { mode } = await stat(dataDir)
  if (mode & 0o022)
    throw new Error(`The data folder ${dataDir} can be written by other users — run chmod 700 ${dataDir}`)
}

/**
 * PGlite unpacks a fresh cluster with modes from its archive (files 0666, folders 0755), whatever
 * the umask says, so its folder is closed up after every open; that also mends older data folders.
 */
export async function makePrivate(path: string): Promise<void> {
  await chmod(path, 0o700)
  for (const entry of await readdir(path, { withFileTypes: true })) {
    const child = join(path, entry.name)
    if (entry.isDirectory()) await makePrivate(child)
    else if (entry.isFile()) await chmod(child, 0o600)
  }
}
