import { usePortico } from '@portico/react'
import { useState } from 'react'
import type { DemoToken } from './page-config.ts'

/** Where the demo shop's payments go: an address nobody holds a key for, so what arrives stays. */
const DEMO_SHOP = '0x0000000000000000000000000000000000005a1e'

/**
 * A dapp taking a payment with `openPay` (AppKit Pay's shape): a visitor with or without a wallet
 * connected pays the demo shop in ETH, or in the demo token, and the page shows how it ended.
 */
export function PayPanel({ demoToken }: { demoToken?: DemoToken | undefined }) {
  const portico = usePortico()
  const [outcome, setOutcome] = useState<string>()
  const { caipNetworkId, nativeCurrency } = portico.network

  const pay = async (amount: string, asset: 'native' | DemoToken) => {
    setOutcome(undefined)
    const result = await portico.openPay({
      recipient: DEMO_SHOP,
      amount,
      paymentAsset:
        asset === 'native'
          ? { network: caipNetworkId, asset: 'native', metadata: nativeCurrency }
          : {
              network: caipNetworkId,
              asset: asset.address,
              metadata: { name: asset.symbol, symbol: asset.symbol, decimals: asset.decimals },
            },
    })
    setOutcome(result.success ? `Paid in transaction ${result.result}` : `Not paid: ${result.error}`)
  }

  return (
    <section aria-labelledby="pay-heading" className="panel">
      <h2 id="pay-heading">Take a payment</h2>
      <p>The demo shop asks for a payment; the modal connects a wallet first if none is.</p>
      <button type="button" onClick={() => void pay('0.01', 'native')}>
        Pay 0.01 {nativeCurrency.symbol} to the shop
      </button>
      {demoToken && (
        <button type="button" onClick={() => void pay('5', demoToken)}>
          Pay 5 {demoToken.symbol} to the shop
        </button>
      )}
      {outcome && (
        <output data-testid="pay-outcome" style={{ display: 'block', wordBreak: 'break-all' }}>
          {outcome}
        </output>
      )}
    </section>
  )
}
