import { ConnectButton, useAccount } from '@portico/react'

export function App() {
  const { address } = useAccount()
  return (
    <main>
      <header>
        <h1>Portico on Vite</h1>
        <ConnectButton />
      </header>
      <p role="status">{address ? `Connected as ${address}` : 'Disconnected'}</p>
    </main>
  )
}
