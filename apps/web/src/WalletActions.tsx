import { useAccount, usePortico } from '@portico/react'
import { type FormEvent, useState } from 'react'
import { isAddress } from 'viem'

const DEMO_MESSAGE = 'Hello from Portico'

type Outcome = { kind: 'signature' | 'transaction'; value: string } | { kind: 'error'; value: string }

/**
 * The dapp's own use of the connected wallet, through plain wagmi actions: whatever the wallet is
 * (a browser wallet or the embedded one), signing and sending work the same way.
 */
export function WalletActions() {
  const portico = usePortico()
  const account = useAccount()
  const [to, setTo] = useState('')
  const [outcome, setOutcome] = useState<Outcome>()
  if (!account.isConnected) return null

  const run = async (kind: 'signature' | 'transaction', action: () => Promise<string>) => {
    setOutcome(undefined)
    try {
      setOutcome({ kind, value: await action() })
    } catch (error) {
      const { code, shortMessage, message } = error as {
        code?: number
        shortMessage?: string
        message?: string
      }
      setOutcome({ kind: 'error', value: `${code ?? ''} ${shortMessage ?? message ?? 'Failed'}`.trim() })
    }
  }
  const send = (event: FormEvent) => {
    event.preventDefault()
    if (!isAddress(to)) {
      setOutcome({ kind: 'error', value: 'Enter a recipient address' })
      return
    }
    void run('transaction', async () => {
      const { parseEther, sendTransaction } = await import('./wallet-actions-run.ts')
      return sendTransaction(portico.wagmiConfig, { to, value: parseEther('0.01') })
    })
  }

  return (
    <section aria-labelledby="actions-heading" className="panel">
      <h2 id="actions-heading">Try the wallet</h2>
      <button
        type="button"
        onClick={() =>
          void run('signature', async () => {
            const { signMessage } = await import('./wallet-actions-run.ts')
            return signMessage(portico.wagmiConfig, { message: DEMO_MESSAGE })
          })
        }
      >
        Sign a message
      </button>
      <form onSubmit={send}>
        <label>
          Recipient <input name="to" value={to} onChange={(event) => setTo(event.target.value.trim())} />
        </label>
        <button type="submit">Send 0.01 ETH</button>
      </form>
      {outcome && (
        <output data-testid={`wallet-${outcome.kind}`} style={{ display: 'block', wordBreak: 'break-all' }}>
          {outcome.value}
        </output>
      )}
    </section>
  )
}
