import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadWalletRegistry, parseWalletRegistry } from './registry.ts'

const wallet = (fields: Record<string, unknown> = {}) => ({ id: 'me.rainbow', name: 'Rainbow', ...fields })
const refusal = (content: unknown) => {
  try {
    parseWalletRegistry(content, 'wallets.json')
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('the registry was accepted')
}

describe('the wallet registry', () => {
  it('ships every wallet of its source, recommended ones first, each link checked', async () => {
    const { wallets } = await loadWalletRegistry()
    expect(wallets).toHaveLength(539)
    expect(wallets.slice(0, 4).map((entry) => entry.id)).toEqual([
      'io.metamask',
      'com.trustwallet.app',
      'com.coinbase.wallet',
      'me.rainbow',
    ])
    for (const entry of wallets) {
      for (const link of [
        entry.homepage,
        entry.app_store,
        entry.play_store,
        entry.chrome_store,
        entry.webapp_link,
      ])
        if (link) expect(link).toMatch(/^https:\/\//)
      if (entry.mobile_link) expect(entry.mobile_link).not.toMatch(/^(javascript|data|http):/i)
    }
  })

  it('fills in what an operator leaves out', () => {
    expect(parseWalletRegistry({ wallets: [wallet()] }, 'wallets.json').wallets).toEqual([
      {
        id: 'me.rainbow',
        name: 'Rainbow',
        image_id: null,
        image_url: null,
        rdns: null,
        homepage: null,
        mobile_link: null,
        desktop_link: null,
        webapp_link: null,
        app_store: null,
        play_store: null,
        chrome_store: null,
        chains: [],
        badge_type: 'none',
      },
    ])
  })

  it('refuses a file with a dangerous or plain-http link, naming the entry and field', () => {
    expect(refusal({ wallets: [wallet(), wallet({ id: 'x', mobile_link: 'javascript:alert(1)' })] })).toBe(
      'Wallet registry wallets.json: wallets.1.mobile_link: must be an https link or the wallet’s own scheme (rainbow://)',
    )
    expect(refusal({ wallets: [wallet({ app_store: 'http://apps.apple.com/app/1' })] })).toBe(
      'Wallet registry wallets.json: wallets.0.app_store: must be an https URL',
    )
    expect(refusal({ wallets: [wallet({ image_url: 'data:text/html,<script>' })] })).toMatch(
      /wallets\.0\.image_url/,
    )
  })

  it('takes an inline SVG logo up to 16 kB, and a linked image up to 2 kB', () => {
    const svg = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`
    expect(
      parseWalletRegistry({ wallets: [wallet({ image_url: svg })] }, 'wallets.json').wallets[0]?.image_url,
    ).toBe(svg)
    expect(refusal({ wallets: [wallet({ image_url: `${svg}${' '.repeat(16_384)}x` })] })).toMatch(
      /wallets\.0\.image_url: Too big/,
    )
    expect(refusal({ wallets: [wallet({ image_url: `https://example.com/${'a'.repeat(2_048)}` })] })).toBe(
      'Wallet registry wallets.json: wallets.0.image_url: must be at most 2048 characters',
    )
    expect(refusal({ wallets: [wallet({ image_url: 'javascript:alert(1)' })] })).toMatch(
      /wallets\.0\.image_url/,
    )
  })

  it('refuses twice the same id, unknown fields and malformed chains', () => {
    expect(refusal({ wallets: [wallet(), wallet()] })).toBe(
      'Wallet registry wallets.json: wallets.1.id: appears twice',
    )
    expect(refusal({ wallets: [wallet({ colour: 'red' })] })).toMatch(
      /^Wallet registry wallets\.json: wallets\.0: /,
    )
    expect(refusal({ wallets: [wallet({ chains: ['Ethereum mainnet'] })] })).toBe(
      'Wallet registry wallets.json: wallets.0.chains.0: must be a CAIP-2 chain id or a namespace',
    )
    expect(refusal([wallet()])).toBe(
      'Wallet registry wallets.json: Invalid input: expected object, received array',
    )
  })

  it('reads an operator’s file, and says which file is not JSON', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'portico-registry-'))
    try {
      const path = join(folder, 'wallets.json')
      await writeFile(path, JSON.stringify({ wallets: [wallet({ chains: ['eip155'] })] }))
      expect((await loadWalletRegistry(path)).wallets.map((entry) => entry.chains)).toEqual([['eip155']])
      await writeFile(path, '{ not json')
      await expect(loadWalletRegistry(path)).rejects.toThrow(`Wallet registry ${path}: not JSON`)
      const missing = join(folder, 'missing.json')
      await expect(loadWalletRegistry(missing)).rejects.toThrow(
        `Wallet registry ${missing}: cannot be read (ENOENT)`,
      )
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})
