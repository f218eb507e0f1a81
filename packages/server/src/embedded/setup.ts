import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { DevMailbox } from './dev-mailbox.ts'
import { createKeyVault, type KeyVault, loadOrCreateMasterKey, parseMasterKey } from './keys.ts'
import { createMailer, type Mailer } from './mail.ts'
import type { ChainSettings } from './rpc.ts'

/** What `startServer` takes to offer e-mail login; absent, the services run without the embedded wallet. */
export interface EmbeddedWalletSettings {
  /** The one chain the embedded wallet signs for and relays reads to. */
  rpcUrl: string
  chainId: number
  /** Outgoing mail, e.g. smtp://user:pass@mail.example:587 (or a dev mailbox's URL). */
  smtpUrl: string
  mailFrom?: string
  /** 64 hex characters. Without it a key is created in `<dataDir>/master.key`. */
  masterKey?: string | undefined
  /** The built frame bundle (packages/embedded/dist/frame.js). */
  frameScriptPath?: string | undefined
  /** Shown at /dev/mailbox; pass only in development. */
  devMailbox?: DevMailbox | undefined
}

export interface EmbeddedServices {
  vault: KeyVault
  mailer: Mailer
  chain: ChainSettings
  frameScript: string | undefined
  devMailbox: DevMailbox | undefined
}

export async function prepareEmbedded(
  settings: EmbeddedWalletSettings,
  context: { dataDir: string | undefined; persistent: boolean; log: (line: string) => void },
): Promise<EmbeddedServices> {
  let masterKey: Buffer
  if (settings.masterKey) masterKey = parseMasterKey(settings.masterKey)
  else if (context.dataDir) masterKey = await loadOrCreateMasterKey(context.dataDir, context.log)
  else if (!context.persistent)
    masterKey = randomBytes(32) // an in-memory database dies with its keys
  else throw new Error('MASTER_KEY is required when the database is not in the data folder')
  const frameScript = settings.frameScriptPath
    ? await readFile(settings.frameScriptPath, 'utf8').catch(() => {
        throw new Error(`The secure frame is not built (${settings.frameScriptPath}) — run npm run build`)
      })
    : undefined
  return {
    vault: createKeyVault(masterKey),
    mailer: createMailer(settings.smtpUrl, settings.mailFrom ?? 'Portico <no-reply@portico.localhost>'),
    chain: { rpcUrl: settings.rpcUrl, chainId: settings.chainId },
    frameScript,
    devMailbox: settings.devMailbox,
  }
}
