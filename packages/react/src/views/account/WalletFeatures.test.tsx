import type { Portico } from '@portico/core'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { WalletFeatures } from './WalletFeatures.tsx'

function buttons(features: Record<string, boolean>, walletFeaturesOrder?: string[]): string[] {
  const portico = { options: { features, walletFeaturesOrder } } as unknown as Portico
  const html = renderToString(<WalletFeatures portico={portico} />)
  return [...html.matchAll(/<button[^>]*>(?:<svg.*?<\/svg>)?<span[^>]*>([^<]+)<\/span><\/button>/g)].map(
    (match) => match[1] ?? '',
  )
}

describe('wallet feature buttons', () => {
  it('show Buy, Swap, Receive and Send in the default order when switched on', () => {
    expect(buttons({ swaps: true, receive: true, send: true, onramp: true })).toEqual([
      'Buy',
      'Swap',
      'Receive',
      'Send',
    ])
  })

  it('leave out what the dapp switched off, and follow its order', () => {
    expect(buttons({ swaps: false, receive: true, send: true })).toEqual(['Receive', 'Send'])
    expect(buttons({ onramp: false, swaps: true, receive: false, send: false })).toEqual(['Swap'])
    expect(buttons({ swaps: true, receive: true, send: true }, ['send', 'swaps'])).toEqual([
      'Send',
      'Swap',
      'Receive',
    ])
    expect(buttons({ swaps: false, receive: false, send: false })).toEqual([])
  })
})
