/**
 * Makes the services' wallet registry (`packages/server/data/wallets/registry.json`) from a
 * WalletConnect explorer export in thirdweb's format (`wallets.json` of
 * thirdweb-dev/js `walletconnect-explorer`, Apache-2.0; see the SOURCES.md beside the output):
 *
 *   npx tsx scripts/wallet-registry.ts <explorer wallets.json> packages/server/data/wallets/registry.json
 *
 * Links that are not https (or, for the app links, the wallet's own scheme) are dropped, blank ones
 * become null, and the wallets are ordered: RECOMMENDED first, in that order, then by name.
 * It writes no logos: run `scripts/wallet-icons.ts` on the result to put the recommended ones back.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { isAppLink, isHttpsLink } from '../packages/core/src/explorer/wallet.ts'
import { parseWalletRegistry } from '../packages/server/src/wallets/registry.ts'

/** Our choice of the wallets offered first (the Connect view shows 4 of them): widely used, EVM. */
const RECOMMENDED = [
  'io.metamask',
  'com.trustwallet.app',
  'com.coinbase.wallet',
  'me.rainbow',
  'io.rabby',
  'io.zerion.wallet',
  'com.ledger',
  'org.uniswap',
  'com.okex.wallet',
  'com.bitget.web3',
  'app.phantom',
  'xyz.argent',
]

interface ExplorerEntry {
  id: string
  name: string
  homepage?: string | null
  rdns?: string | null
  app?: Record<string, string | null>
  mobile?: { native?: string | null; universal?: string | null }
  desktop?: { native?: string | null; universal?: string | null }
}

const clean = (value: string | null | undefined, keep: (link: string) => boolean) => {
  const trimmed = value?.trim()
  return trimmed && keep(trimmed) ? trimmed : null
}

function toRegistryWallet(entry: ExplorerEntry) {
  const app = entry.app ?? {}
  return {
    id: entry.id,
    name: entry.name.trim(),
    rdns: entry.rdns?.trim() || null,
    homepage: clean(entry.homepage, isHttpsLink),
    // A wallet's own scheme opens it without a detour through the browser; the universal link otherwise.
    mobile_link: clean(entry.mobile?.native, isAppLink) ?? clean(entry.mobile?.universal, isHttpsLink),
    desktop_link: clean(entry.desktop?.native, isAppLink) ?? clean(entry.desktop?.universal, isHttpsLink),
    webapp_link: clean(app.browser, isHttpsLink),
    app_store: clean(app.ios, isHttpsLink),
    play_store: clean(app.android, isHttpsLink),
    chrome_store: clean(app.chrome, isHttpsLink),
  }
}

const rank = (id: string) => {
  const at = RECOMMENDED.indexOf(id)
  return at === -1 ? RECOMMENDED.length : at
}

const [input, output] = process.argv.slice(2)
if (!input || !output) {
  console.error('usage: tsx scripts/wallet-registry.ts <explorer wallets.json> <registry.json>')
  process.exit(1)
}
const entries = JSON.parse(readFileSync(input, 'utf8')) as ExplorerEntry[]
const wallets = entries
  .map(toRegistryWallet)
  .sort((a, b) => rank(a.id) - rank(b.id) || a.name.localeCompare(b.name, 'en'))
const registry = { wallets }
parseWalletRegistry(registry, output)
writeFileSync(output, `${JSON.stringify(registry, null, 1)}\n`)
console.log(`${wallets.length} wallets written to ${output}`)
