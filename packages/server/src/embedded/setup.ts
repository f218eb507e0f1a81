import { type TokenHasher, tokenHasher } from '../hash-secret.ts'
import type { ServerMode } from '../server-mode.ts'
import { type DevMailbox, startDevMailbox } from './dev-mailbox.ts'
import { readFrameAssets } from './frame-assets.ts'
import { MASTER_KEY, openSealingKey, RECOVERY_KEY } from './key-files.ts'
import { createKeyVault, type KeyVault } from './keys.ts'
import { createMailer, type Mailer } from './mail.ts'
import type { ChainSettings } from './rpc.ts'

/** What `startServer` takes to offer e-mail login; absent, the services run without the embedded wallet. */
export interface EmbeddedWalletSettings {
  /** The one chain the frame signs for and the services relay reads to. */
  rpcUrl: string
  chainId: number
  /**
   * Outgoing mail, e.g. smtp://user:pass@mail.example:587. Required in production; in development
   * its absence starts the dev mailbox (an in-process SMTP server shown at /dev/mailbox).
   */
  smtpUrl?: string | undefined
  mailFrom?: string
  /**
   * 64 hex characters that seal the server shares of users' keys (and legacy keys). Required in
   * production; in development one is kept in `<dataDir>/master.key`.
   */
  masterKey?: string | undefined
  /**
   * 64 hex characters that seal the recovery shares (`RECOVERY_KEY`): with them the operator can
   * restore a wallet on a new device, so keep it apart from the database and the master key (e.g.
   * in a KMS). Required in production and different from the master key; in development one is
   * kept in `<dataDir>/recovery.key`.
   */
  recoveryKey?: string | undefined
  /** The built frame bundle (packages/embedded/dist/frame.js); its chunks are read from `chunks/` beside it. */
  frameScriptPath?: string | undefined
}

export interface EmbeddedServices {
  vault: KeyVault
  mailer: Mailer
  chain: ChainSettings
  /** The services' public origin (`PUBLIC_URL`): where the frame is served and mail links point. */
  publicUrl: URL
  frameScript: string | undefined
  /** The frame's lazily loaded chunks by file name, served at /frame/chunks/. */
  frameChunks?: ReadonlyMap<string, string> | undefined
  /** Only in development: shown at /dev/mailbox. */
  devMailbox: DevMailbox | undefined
  /** Keys the stored hashes of codes, approval links and session tokens (hash-secret.ts). */
  hashToken: TokenHasher
}

interface EmbeddedContext {
  mode: ServerMode
  publicUrl: URL | undefined
  host: string
  dataDir: string | undefined
  persistent: boolean
  /** The server's hash secret (HASH_SECRET or its development stand-in). */
  hashSecret: Buffer
  log: (line: string) => void
}

/** Checks the settings (production is given everything; development fills gaps in) and opens what e-mail login needs. */
export async function prepareEmbedded(
  settings: EmbeddedWalletSettings,
  context: EmbeddedContext,
): Promise<EmbeddedServices> {
  const { publicUrl } = context
  if (!publicUrl)
    throw new Error(
      "PUBLIC_URL is required in production: it is the frame's origin and the base of mail links",
    )
  if (!settings.smtpUrl && context.mode === 'production')
    throw new Error('SMTP_URL is required in production: login codes and approval links go out by mail')
  const vault = createKeyVault({
    masterKey: await openSealingKey(MASTER_KEY, settings.masterKey, context),
    recoveryKey: await openSealingKey(RECOVERY_KEY, settings.recoveryKey, context),
  })
  const frame = settings.frameScriptPath ? await readFrameAssets(settings.frameScriptPath) : undefined
  // Started last, so a refusal above leaves nothing open.
  let smtpUrl = settings.smtpUrl
  let devMailbox: DevMailbox | undefined
  if (!smtpUrl) {
    devMailbox = await startDevMailbox({ host: context.host, log: context.log })
    smtpUrl = devMailbox.smtpUrl
  }
  return {
    vault,
    mailer: createMailer(smtpUrl, settings.mailFrom ?? 'Portico <no-reply@portico.localhost>'),
    chain: { rpcUrl: settings.rpcUrl, chainId: settings.chainId },
    publicUrl,
    frameScript: frame?.script,
    frameChunks: frame?.chunks,
    devMailbox,
    hashToken: tokenHasher(context.hashSecret, 'embedded'),
  }
}

/** Closes what `prepareEmbedded` opened. */
export async function closeEmbedded(services: EmbeddedServices): Promise<void> {
  services.mailer.close()
  await services.devMailbox?.close()
}
