import { randomBytes } from 'node:crypto'
import { access, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { type StartServerOptions, startServer } from '../start.ts'
import { connectEmailAsFrame } from '../test-support/frame-call.ts'
import type { DevMail } from './dev-mailbox.ts'

const PRODUCTION = {
  mode: 'production',
  port: 0,
  publicUrl: 'https://wallet.example',
  hashSecret: randomBytes(32).toString('hex'),
  embedded: {
    rpcUrl: 'http://127.0.0.1:9',
    chainId: 31337,
    smtpUrl: 'smtp://127.0.0.1:9',
    masterKey: randomBytes(32).toString('hex'),
    recoveryKey: randomBytes(32).toString('hex'),
  },
} satisfies StartServerOptions

const refusal = async (options: StartServerOptions) => {
  const error = await startServer(options).then(
    async (server) => {
      await server.close()
      throw new Error('started')
    },
    (reason: unknown) => reason as Error,
  )
  expect(error.message).not.toContain('\n')
  return error.message
}

describe('development and production', () => {
  test('production refuses to start without PUBLIC_URL, SMTP_URL, MASTER_KEY, RECOVERY_KEY or HASH_SECRET, saying which', async () => {
    expect(await refusal({ ...PRODUCTION, publicUrl: undefined })).toBe(
      "PUBLIC_URL is required in production: it is the frame's origin and the base of mail links",
    )
    expect(await refusal({ ...PRODUCTION, embedded: { ...PRODUCTION.embedded, smtpUrl: undefined } })).toBe(
      'SMTP_URL is required in production: login codes and approval links go out by mail',
    )
    expect(await refusal({ ...PRODUCTION, publicUrl: 'https://wallet.example/login' })).toMatch(
      /^PUBLIC_URL: Invalid origin "https:\/\/wallet\.example\/login"/,
    )
    // A data folder is no reason to make a key up: it would sit beside the keys it seals.
    const dataDir = await mkdtemp(join(tmpdir(), 'portico-modes-'))
    try {
      expect(
        await refusal({ ...PRODUCTION, dataDir, embedded: { ...PRODUCTION.embedded, masterKey: undefined } }),
      ).toBe('MASTER_KEY is required in production: it seals the embedded-wallet keys')
      await expect(access(join(dataDir, 'master.key'))).rejects.toThrow()
      expect(
        await refusal({
          ...PRODUCTION,
          dataDir,
          embedded: { ...PRODUCTION.embedded, recoveryKey: undefined },
        }),
      ).toBe('RECOVERY_KEY is required in production: it seals the recovery shares of embedded-wallet keys')
      await expect(access(join(dataDir, 'recovery.key'))).rejects.toThrow()
      // Kept apart from MASTER_KEY, or the database and MASTER_KEY would recover every wallet.
      const { masterKey } = PRODUCTION.embedded
      expect(
        await refusal({
          ...PRODUCTION,
          embedded: { ...PRODUCTION.embedded, recoveryKey: masterKey.toUpperCase() },
        }),
      ).toBe('RECOVERY_KEY must differ from MASTER_KEY: keep it apart from the database and MASTER_KEY')
      // Nor a hash secret, for either of the features that store hashes.
      const siwx = { chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }
      const hashless = { ...PRODUCTION, dataDir, hashSecret: undefined }
      const missing =
        'HASH_SECRET is required in production: it keys the stored hashes of codes and session tokens'
      expect(await refusal(hashless)).toBe(missing)
      expect(await refusal({ ...hashless, embedded: undefined, siwx })).toBe(missing)
      await expect(access(join(dataDir, 'hash.key'))).rejects.toThrow()
      expect(await refusal({ ...PRODUCTION, hashSecret: 'short' })).toBe(
        'HASH_SECRET must be 64 hex characters',
      )
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  test('production has no dev mailbox, even where development would start one', async () => {
    const server = await startServer(PRODUCTION)
    try {
      expect(server.publicUrl).toBe('https://wallet.example')
      for (const path of ['/dev/mailbox.json', '/dev/mailbox'])
        expect((await fetch(`${server.url}${path}`)).status).toBe(404)
    } finally {
      await server.close()
    }
  })

  test('development fills the gaps: its own URL (named localhost, for passkeys), the dev mailbox and a key of its own', async () => {
    const project = { id: 'e'.repeat(32), name: 'Dev page', origins: ['http://127.0.0.1:3000'] }
    const server = await startServer({
      mode: 'development',
      port: 0,
      devProject: project,
      log: () => {},
      embedded: { rpcUrl: 'http://127.0.0.1:9', chainId: 31337 },
    })
    try {
      // Browsers refuse an IP address as a passkey's relying party: the frame is reached by name.
      expect(server.publicUrl).toBe(server.url.replace('//127.0.0.1:', '//localhost:'))
      const connect = await connectEmailAsFrame(server.publicUrl, project.id, 'dev@example.com')
      expect(await connect.json()).toEqual({ action: 'VERIFY_OTP' })
      const mailbox = (await (await fetch(`${server.url}/dev/mailbox.json`)).json()) as {
        messages: DevMail[]
      }
      expect(mailbox.messages.at(-1)?.text).toMatch(/^Your login code: \d{6}\n/)
    } finally {
      await server.close()
    }
  })
})
