/**
 * Puts the icons RainbowKit ships (`@rainbow-me/rainbowkit`, MIT; see the SOURCES.md beside the
 * registry) into the services' wallet registry as `image_url` data URLs, for the RECOMMENDED
 * wallets it has an icon of; every other wallet keeps the modal's monogram. Run by hand on an
 * unpacked package (`npm pack @rainbow-me/rainbowkit@2.2.11 && tar xzf rainbow-me-rainbowkit-2.2.11.tgz`):
 *
 *   npx tsx scripts/wallet-icons.ts <package folder> packages/server/data/wallets/registry.json
 *
 * An icon that is not a plain drawing (script, event handlers, embedded HTML, links out) is skipped.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseWalletRegistry } from '../packages/server/src/wallets/registry.ts'
import { isPlainSvgDataUrl } from './svg-icon.ts'

/**
 * Registry id → the RainbowKit connector whose icon is that wallet's, matched by name and checked
 * by eye. Base is Coinbase Wallet's new name; RainbowKit's Argent is its Ready connector, whose icon is Argent's.
 */
const ICON_SOURCES: Record<string, string> = {
  'io.metamask': 'metaMaskWallet',
  'com.trustwallet.app': 'trustWallet',
  'com.coinbase.wallet': 'base',
  'me.rainbow': 'rainbowWallet',
  'io.rabby': 'rabbyWallet',
  'io.zerion.wallet': 'zerionWallet',
  'com.ledger': 'ledgerWallet',
  'org.uniswap': 'uniswapWallet',
  'com.okex.wallet': 'okxWallet',
  'com.bitget.web3': 'bitgetWallet',
  'app.phantom': 'phantomWallet',
  'xyz.argent': 'readyWallet',
}

/** The icon a connector's bundle declares: `var <name>_default = "data:image/svg+xml,…"`. */
function connectorIcon(connectors: string, name: string): string | null {
  const file = readdirSync(connectors).find((entry) => new RegExp(`^${name}-[A-Z0-9]+\\.js$`).test(entry))
  if (!file) return null
  const source = readFileSync(join(connectors, file), 'utf8')
  return new RegExp(`var ${name}_default = "(data:image/svg\\+xml,[^"]+)"`).exec(source)?.[1] ?? null
}

const [rainbowkit, output] = process.argv.slice(2)
if (!rainbowkit || !output) {
  console.error('usage: tsx scripts/wallet-icons.ts <@rainbow-me/rainbowkit folder> <registry.json>')
  process.exit(1)
}
const connectors = join(rainbowkit, 'dist/wallets/walletConnectors')
const registry = JSON.parse(readFileSync(output, 'utf8')) as { wallets: Record<string, unknown>[] }
let added = 0
for (const wallet of registry.wallets) {
  const connector = ICON_SOURCES[wallet.id as string]
  if (!connector) continue
  const icon = connectorIcon(connectors, connector)
  if (!icon || !isPlainSvgDataUrl(icon)) {
    console.warn(
      `${wallet.name}: ${icon ? 'icon is not a plain drawing' : `no icon in ${connector}`}, skipped`,
    )
    continue
  }
  wallet.image_url = icon
  added += icon.length
}
parseWalletRegistry(registry, output)
writeFileSync(output, `${JSON.stringify(registry, null, 1)}\n`)
console.log(`icons added to ${output}: ${added} bytes`)
