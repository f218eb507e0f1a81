import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { sql } from 'kysely'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase } from '../db/database.ts'
import { type Backend, pglite, postgresServer, type TestStore } from '../test-support/backends.ts'
import { type FrameApp, startFrameApp } from '../test-support/frame-call.ts'
import {
  addressOfShares,
  type FrameKey,
  keySetupBody,
  newFrameKey,
  passkeyBody,
  resplitForPasskey,
  rotationBody,
  setUpKeyAsFrame,
} from '../test-support/frame-keys.ts'
import { createKeyVault } from './keys.ts'

/** Every file under `dir`, with its path relative to `dir`. */
async function filesUnder(dir: string): Promise<Array<{ path: string; bytes: Buffer }>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files = entries.filter((entry) => entry.isFile())
  const read = await Promise.all(
    files.map(async (entry) => {
      const path = join(entry.parentPath, entry.name)
      // A server that other databases share drops its temporary files and old log segments as it goes.
      const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined
        throw error
      })
      return bytes && { path: relative(dir, path), bytes }
    }),
  )
  return read.filter((file) => file !== undefined)
}

/** Every sealed envelope (`v1.<iv>.<tag>.<body>`, base64) written anywhere in `files`. */
function envelopesIn(files: Array<{ bytes: Buffer }>): Set<string> {
  const found = new Set<string>()
  for (const { bytes } of files)
    for (const match of bytes
      .toString('latin1')
      .matchAll(/v1\.[A-Za-z0-9+/=]{16}\.[A-Za-z0-9+/=]{24}\.[A-Za-z0-9+/=]{44,}/g))
      found.add(match[0])
  return found
}

/**
 * What a thief of the data folder who also has MASTER_KEY and RECOVERY_KEY gets, read from the files
 * the database wrote — the tables' files and the write-ahead log, not rows through SQL: every envelope that
 * opens for `userId`, as a share, and whether any two of them rebuild the key of `address`.
 */
async function rebuildFromFiles(
  files: Array<{ bytes: Buffer }>,
  keys: { masterKey: Buffer; recoveryKey: Buffer },
  userId: string,
  address: string,
): Promise<{ shares: number; rebuilt: boolean }> {
  const vault = createKeyVault(keys)
  const shares: Uint8Array[] = []
  for (const envelope of envelopesIn(files))
    for (const kind of ['server', 'recovery'] as const) {
      try {
        const opened = vault.openShare(kind, userId, envelope)
        // A passkey user's recovery envelope holds the share sealed again by the passkey: no share.
        if (opened.length === 33) shares.push(new Uint8Array(opened))
      } catch {}
    }
  for (const [i, first] of shares.entries())
    for (const second of shares.slice(i + 1))
      if ((await addressOfShares(first, second).catch(() => undefined)) === address)
        return { shares: shares.length, rebuilt: true }
  return { shares: shares.length, rebuilt: false }
}

/** A database whose files the test can read: where they are, and why it cannot when it cannot. */
interface DataFolder {
  backend: Backend
  skipReason: string | undefined
  /** The folder holding every file the database writes, its write-ahead log included. */
  dir(store: TestStore): string
}

// Postgres's files are the server's: its data directory, given by the one who started it (`.ci/run`).
const postgresDir = process.env.TEST_DATABASE_DIR || undefined
const FOLDERS: DataFolder[] = [
  { backend: pglite, skipReason: undefined, dir: (store) => String(store.options.dataDir) },
  {
    backend: postgresServer,
    skipReason:
      postgresServer.skipReason ??
      (postgresDir ? undefined : "set TEST_DATABASE_DIR to the Postgres server's data directory"),
    dir: () => String(postgresDir),
  },
]

describe.each(FOLDERS.map((folder) => [folder.backend.name, folder] as const))('%s', (name, folder) => {
  const title = `custody in the data folder (${name})`
  describe.skipIf(folder.skipReason !== undefined)(
    folder.skipReason ? `${title} (skipped: ${folder.skipReason})` : title,
    () => scanDataFolder(folder),
  )
})

function scanDataFolder(folder: DataFolder): void {
  let store: TestStore
  let frame: FrameApp
  const users: Record<string, { id: string; key: FrameKey }> = {}

  const userId = async (email: string) =>
    (
      await frame.db
        .selectFrom('embedded_users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id

  beforeAll(async () => {
    store = await folder.backend.createStore()
    const database = await openDatabase(store.options)
    frame = await startFrameApp(database)

    // A passkey made before the wallet: split once, the recovery share sealed by the passkey.
    const first = 'first@example.com'
    const firstSession = frame.as(await frame.login(first))
    const sealed = await resplitForPasskey(await newFrameKey())
    const setup = {
      ...(await keySetupBody(sealed, first)),
      recovery: {
        kind: 'passkey',
        share: sealed.sealedRecovery,
        credentialId: sealed.credentialId,
        salt: sealed.salt,
      },
    }
    expect((await firstSession('/key/setup', setup)).statusCode).toBe(200)
    users.first = { id: await userId(first), key: sealed }

    // "Not now" at first, a passkey later: re-split, the operator's shares replaced.
    const later = 'later@example.com'
    const laterSession = frame.as(await frame.login(later))
    const key = await setUpKeyAsFrame(laterSession, later)
    const resplit = await resplitForPasskey(key)
    expect((await laterSession('/key/passkey', await passkeyBody(resplit, later))).statusCode).toBe(200)
    users.later = { id: await userId(later), key }

    // Never a passkey: the operator can recover it, as the account view says.
    const operator = 'operator@example.com'
    users.operator = {
      id: '',
      key: await setUpKeyAsFrame(frame.as(await frame.login(operator)), operator),
    }
    users.operator.id = await userId(operator)

    // "Not now" at first, then the key rotated (an EOA's: no chain to wait on): a new key, passkey-first.
    const rotated = 'rotated@example.com'
    const rotatedSession = frame.as(await frame.login(rotated))
    const old = await setUpKeyAsFrame(rotatedSession, rotated)
    const next = await resplitForPasskey(await newFrameKey())
    const body = await rotationBody(old, next, rotated, { kind: 'eoa' })
    expect((await rotatedSession('/key/rotation/start', body)).statusCode).toBe(200)
    expect((await rotatedSession('/key/rotation/finish', {})).statusCode).toBe(200)
    users.rotated = { id: await userId(rotated), key: next }

    // Postgres writes the tables' pages to their files at a checkpoint (every few minutes); the
    // write-ahead log has them at once. A thief's copy may be from after it.
    if (database.kind === 'postgres') await sql`checkpoint`.execute(frame.db)
    await frame.close()
    await database.close()
  })
  afterAll(async () => {
    await store?.dispose()
  })

  const dataFolder = () => filesUnder(folder.dir(store))
  // Everything but the write-ahead log (`pg_wal` in both).
  const tableFiles = async () =>
    (await dataFolder()).filter((file) => !file.path.split('/').includes('pg_wal'))
  const secrets = () => ({ masterKey: frame.masterKey, recoveryKey: frame.recoveryKey })

  test('a passkey made before the wallet: every file, the write-ahead log and every operator secret give no key', async () => {
    const { id, key } = users.first as { id: string; key: FrameKey }
    const found = await rebuildFromFiles(await dataFolder(), secrets(), id, key.address)
    expect(found).toEqual({ shares: 1, rebuilt: false })
  })

  test("a passkey added later: the tables' files no longer hold the replaced shares; the write-ahead log may", async () => {
    const { id, key } = users.later as { id: string; key: FrameKey }
    const tables = await tableFiles()
    expect(await rebuildFromFiles(tables, secrets(), id, key.address)).toMatchObject({ rebuilt: false })
  })

  test('a rotated key: every file, the write-ahead log and every operator secret give no key', async () => {
    const { id, key } = users.rotated as { id: string; key: FrameKey }
    const found = await rebuildFromFiles(await dataFolder(), secrets(), id, key.address)
    expect(found.rebuilt).toBe(false)
  })

  test("the same scan rebuilds the key of a user who never made a passkey, from the tables' files alone: it would find one", async () => {
    const { id, key } = users.operator as { id: string; key: FrameKey }
    const found = await rebuildFromFiles(await dataFolder(), secrets(), id, key.address)
    expect(found.rebuilt).toBe(true)
    expect(await rebuildFromFiles(await tableFiles(), secrets(), id, key.address)).toMatchObject({
      rebuilt: true,
    })
    expect(privateKeyToAccount(key.privateKey).address).toBe(key.address)
  })
}
