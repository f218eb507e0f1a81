import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { DEV_WALLET_CONFIG_ID, DEV_WALLET_PATH, DevWalletConfig } from './config.ts'

const ASSETS_PATH = `${DEV_WALLET_PATH}/assets`

// Two folders up from this module is the package, in the repository (src/) and built (dist/).
const BUILT_CLIENT = fileURLToPath(new URL('../../dist/dev-wallet-app/', import.meta.url))

export interface DevWalletAssets {
  script: string
  style: string
}

/** The built page script and stylesheet (`vite.dev-wallet.config.ts`), read once at start. */
export async function readDevWalletAssets(dir = BUILT_CLIENT): Promise<DevWalletAssets> {
  const [script, style] = await Promise.all([
    readFile(join(dir, 'dev-wallet.js'), 'utf8'),
    readFile(join(dir, 'dev-wallet.css'), 'utf8'),
  ]).catch(() => {
    throw new Error(`The dev wallet is not built (${dir}) — run npm run build`)
  })
  return { script, style }
}

/**
 * Our own script and stylesheet only; the page talks to the relay and the chain's node, nothing
 * else. The config travels as a JSON data block, which `script-src` never runs.
 */
function devWalletCsp(config: DevWalletConfig): string {
  const connect = ["'self'", config.relayUrl, new URL(config.rpcUrl).origin].join(' ')
  return `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src ${connect}; form-action 'none'; base-uri 'none'; frame-ancestors 'none'`
}

/** JSON inside a script element: `<` escaped, so no value can close the element. */
const jsonBlock = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * The development wallet at `/dev/wallet`: a WalletConnect wallet built on
 * walletkit that signs with an anvil dev key. Registered by `startServer` in development only.
 */
export const devWalletPlugin: FastifyPluginAsync<{
  config: DevWalletConfig
  assets: DevWalletAssets
}> = async (app, { config, assets }) => {
  const checked = DevWalletConfig.parse(config)
  const asset = (reply: FastifyReply, type: string) =>
    reply
      .header('content-type', type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-cache')

  const page = (reply: FastifyReply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', devWalletCsp(checked))
      .header('x-frame-options', 'DENY')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev wallet · Portico</title><link rel="stylesheet" href="${ASSETS_PATH}/dev-wallet.css"><script type="application/json" id="${DEV_WALLET_CONFIG_ID}">${jsonBlock(checked)}</script><script type="module" src="${ASSETS_PATH}/dev-wallet.js"></script></head><body><main><header><h1>Portico dev wallet</h1><p class="muted">Development only: a WalletConnect wallet that signs with an anvil dev key.</p><p>Account <code id="address"></code></p></header><form id="pair" class="card" aria-label="Pair with a dapp"><label for="uri">WalletConnect URI</label><input id="uri" name="uri" autocomplete="off" spellcheck="false" placeholder="wc:…"><button type="submit">Pair</button></form><p id="status" role="status" aria-live="polite">Starting…</p><div id="sections"></div></main></body></html>`,
      )
  app.get(DEV_WALLET_PATH, async (_request, reply) => page(reply))
  // `/dev/wallet/wc?uri=…`: the link a wallet's web app is opened with (formatUniversalUrl).
  app.get(`${DEV_WALLET_PATH}/wc`, async (_request, reply) => page(reply))
  app.get(`${ASSETS_PATH}/dev-wallet.js`, async (_request, reply) =>
    asset(reply, 'text/javascript; charset=utf-8').send(assets.script),
  )
  app.get(`${ASSETS_PATH}/dev-wallet.css`, async (_request, reply) =>
    asset(reply, 'text/css; charset=utf-8').send(assets.style),
  )
}
