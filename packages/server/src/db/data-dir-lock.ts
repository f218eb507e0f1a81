import { open, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * PGlite happily opens a data folder another process already has open, and two writers corrupt
 * it. A lock file with the owner's pid turns that into a clear error; a lock left by a process
 * that has died is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, 'pglite.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const file = await open(path, 'wx', 0o600)
      await file.writeFile(String(process.pid))
      await file.close()
      return () => rm(path, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const owner = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10)
    if (isRunning(owner)) {
      throw new Error(
        `The database in ${dataDir} is in use by process ${owner} — stop it, or set DATA_DIR or DATABASE_URL`,
      )
    }
    await rm(path, { force: true })
  }
  throw new Error(`Could not lock the database in ${dataDir}`)
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
