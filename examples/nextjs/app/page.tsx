import { ConnectButton } from '@portico/react'
import { AccountStatus } from './account-status'

export default function Home() {
  return (
    <main>
      <header>
        <h1>Portico on Next.js</h1>
        <ConnectButton />
      </header>
      <AccountStatus />
    </main>
  )
}
