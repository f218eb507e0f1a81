import { ConnectButton, NetworkButton, useAccount, useNetwork } from '@portico/react'
import { PayPanel } from './PayPanel.tsx'
import type { DemoToken } from './page-config.ts'
import { SignInPanel } from './SignInPanel.tsx'
import { WalletActions } from './WalletActions.tsx'

export function App({ demoToken }: { demoToken?: DemoToken | undefined }) {
  const account = useAccount()
  const network = useNetwork()
  return (
    <>
      <header className="site-header">
        <span className="brand">Portico</span>
        <nav aria-label="Wallet">
          <NetworkButton />
          <ConnectButton />
        </nav>
      </header>
      <main>
        <h1>Connect a wallet, on your own infrastructure</h1>
        <p>
          Portico is a wallet-connection and account modal whose services, explorer and analytics all run on
          your own machines. Everything on this page talks to a local chain and local services.
        </p>
        <section aria-labelledby="status-heading" className="panel">
          <h2 id="status-heading">Connection status</h2>
          <dl>
            <dt>Status</dt>
            <dd data-testid="status">{account.address ? 'connected' : account.status}</dd>
            <dt>Account</dt>
            <dd>{account.caipAddress ?? 'not connected'}</dd>
            <dt>Network</dt>
            <dd>
              {network.name} ({network.caipNetworkId})
            </dd>
          </dl>
        </section>
        <SignInPanel />
        <WalletActions demoToken={demoToken} />
        <PayPanel demoToken={demoToken} />
      </main>
    </>
  )
}
