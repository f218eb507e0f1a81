import { orderWalletFeatures, type View, type WalletFeature } from '@portico/core/internal'
import type { ComponentType } from 'react'
import { ArrowDownIcon, ArrowUpIcon, CardIcon, SwapIcon } from '../../components/icons.tsx'
import type { ViewProps } from '../types.ts'

/** The features this build has views for. */
const BUILT: Partial<
  Record<WalletFeature, { label: string; view: View; Icon: ComponentType<{ size?: number }> }>
> = {
  onramp: { label: 'Buy', view: 'OnRampProviders', Icon: CardIcon },
  swaps: { label: 'Swap', view: 'WalletSwap', Icon: SwapIcon },
  receive: { label: 'Receive', view: 'WalletReceive', Icon: ArrowDownIcon },
  send: { label: 'Send', view: 'WalletSend', Icon: ArrowUpIcon },
}

/** The wallet feature buttons in the configured order (behaviour §2), only those switched on and built. */
export function WalletFeatures({ portico }: ViewProps) {
  const { features, walletFeaturesOrder } = portico.options
  const enabled = (Object.keys(BUILT) as WalletFeature[]).filter((feature) => features[feature])
  const order = orderWalletFeatures({ hostOrder: walletFeaturesOrder, enabled })
  if (order.length === 0) return null
  return (
    <div className="features">
      {order.map((feature) => {
        const built = BUILT[feature]
        if (!built) return null
        return (
          <button
            key={feature}
            type="button"
            className="secondary"
            onClick={() => portico.router.push(built.view)}
          >
            <built.Icon size={18} />
            <span className="feature-label">{built.label}</span>
          </button>
        )
      })}
    </div>
  )
}
