/**
 * The wallet registry `GET /v1/wallets` serves: a JSON file the operator may edit or replace
 * (`walletRegistry` / `WALLET_REGISTRY`), read and checked once at start, so a broken file stops
 * the start with the entry and field at fault instead of serving half a list. The shipped one is
 * `data/wallets/registry.json` (its sources and licences are beside it).
 */
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { type ExplorerWallet, isAppLink, isHttpsLink, isWalletImageUrl } from '@portico/core/shared'
import { z } from 'zod'

/** From `src/wallets/` and from `dist/wallets/` alike: the package's `data/` folder. */
const DEFAULT_WALLET_REGISTRY = fileURLToPath(new URL('../../data/wallets/registry.json', import.meta.url))

/** The registry in the order it lists its wallets: the order they are offered in, recommended first. */
export interface WalletRegistry {
  wallets: readonly ExplorerWallet[]
}

const WALLET_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/
/** CAIP-2 (`eip155:1`), or a bare namespace (`eip155`) for a wallet that runs on any of its chains. */
export const CHAIN_REF = /^[-a-z0-9]{3,8}(:[-_a-zA-Z0-9]{1,32})?$/

const link = (check: (value: string) => boolean, what: string) =>
  z.string().trim().max(2_048).refine(check, what).nullable().default(null)
const httpsLink = link(isHttpsLink, 'must be an https URL')
/** A logo drawn inline (`data:image/svg+xml,…`) is longer than a link; a few kB each, capped so one cannot swell every page. */
const MAX_DATA_IMAGE = 16_384
const imageUrl = z
  .string()
  .trim()
  .max(MAX_DATA_IMAGE)
  .refine(isWalletImageUrl, 'must be an https URL or a data:image/… URL')
  .refine((url) => url.startsWith('data:') || url.length <= 2_048, 'must be at most 2048 characters')
  .nullable()
  .default(null)

const RegistryWallet = z.strictObject({
  id: z.string().regex(WALLET_ID, 'must be 1–128 letters, digits, dots, hyphens or underscores'),
  name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  rdns: z
    .string()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, 'must be a reverse-DNS name such as io.metamask')
    .nullable()
    .default(null),
  homepage: httpsLink,
  image_url: imageUrl,
  mobile_link: link(isAppLink, 'must be an https link or the wallet’s own scheme (rainbow://)'),
  desktop_link: link(isAppLink, 'must be an https link or the wallet’s own scheme'),
  webapp_link: httpsLink,
  app_store: httpsLink,
  play_store: httpsLink,
  chrome_store: httpsLink,
  chains: z.array(z.string().regex(CHAIN_REF, 'must be a CAIP-2 chain id or a namespace')).default([]),
  badge_type: z.enum(['certified', 'none']).default('none'),
})

const RegistryFile = z.object({ wallets: z.array(RegistryWallet) }).superRefine(({ wallets }, context) => {
  const seen = new Set<string>()
  wallets.forEach((wallet, index) => {
    if (seen.has(wallet.id))
      context.addIssue({ code: 'custom', path: ['wallets', index, 'id'], message: 'appears twice' })
    seen.add(wallet.id)
  })
})

/** Checks a registry's content; throws naming the path to the first problem (`wallets.3.mobile_link`). */
export function parseWalletRegistry(content: unknown, source: string): WalletRegistry {
  const result = RegistryFile.safeParse(content)
  if (result.success) return { wallets: result.data.wallets.map((wallet) => ({ ...wallet, image_id: null })) }
  const issue = result.error.issues[0]
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
  throw new Error(`Wallet registry ${source}: ${where}${issue?.message ?? 'invalid'}`)
}

export async function loadWalletRegistry(path = DEFAULT_WALLET_REGISTRY): Promise<WalletRegistry> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new Error(`Wallet registry ${path}: cannot be read (${error.code ?? error.message})`)
  })
  let content: unknown
  try {
    content = JSON.parse(text)
  } catch (error) {
    throw new Error(`Wallet registry ${path}: not JSON (${(error as Error).message})`)
  }
  return parseWalletRegistry(content, path)
}
