import { useAccount, usePortico } from '@portico/react'
import { type FormEvent, useState } from 'react'
import { isAddress } from 'viem'
import type { DemoToken } from './page-config.ts'

const DEMO_MESSAGE = 'Hello from Portico'

type Outcome =
  | { kind: 'signature' | 'transaction' | 'batch'; value: string }
  | { kind: 'error'; value: string }

/**
 * The dapp's own use of the connected wallet, through plain wagmi actions: whatever the wallet is
 * (a browser wallet or the embedded one), signing and sending work the same way. With a demo token
 * the page also sends a batch (EIP-5792), which only a wallet that batches atomically accepts.
 */
export function WalletActions({ demoToken }: { demoToken?: DemoToken | undefined }) {
  const portico = usePortico()
  const account = useAccount()
  const [to, setTo] = useState('')
  const [outcome, setOutcome] = useState<Outcome>()
  if (!account.isConnected) return null

  const run = async (kind: 'signature' | 'transaction' | 'batch', action: () => Promise<string>) => {
    setOutcome(undefined)
    try {
      setOutcome({ kind, value: await action() })
    } catch (error) {
      const { shortMessage, message, details } = error as {
        shortMessage?: string
        message?: string
        details?: string
      }
      const code = rpcCode(error)
      // viem's short message names the error; the wallet's own words, when it gave any, say why.
      const why = details && details !== shortMessage ? ` (${details})` : ''
      setOutcome({
        kind: 'error',
        value: `${code ?? ''} ${shortMessage ?? message ?? 'Failed'}${why}`.trim(),
      })
    }
  }
  const recipient = () => {
    if (isAddress(to)) return to
    setOutcome({ kind: 'error', value: 'Enter a recipient address' })
    return undefined
  }
  const send = (event: FormEvent) => {
    event.preventDefault()
    const address = recipient()
    if (!address) return
    void run('transaction', async () => {
      const { parseEther, sendTransaction } = await import('./wallet-actions-run.ts')
      return sendTransaction(portico.wagmiConfig, { to: address, value: parseEther('0.01') })
    })
  }
  const sendBatch = (token: DemoToken) => {
    const address = recipient()
    if (!address) return
    void run('batch', async () => {
      const { sendTokenBatch } = await import('./batch-run.ts')
      return `Confirmed: both transfers in transaction ${await sendTokenBatch(portico.wagmiConfig, token, address)}`
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
        {demoToken && (
          <button type="button" onClick={() => sendBatch(demoToken)}>
            Send a batch (1 + 2 {demoToken.symbol})
          </button>
        )}
      </form>
      {outcome && (
        <output data-testid={`wallet-${outcome.kind}`} style={{ display: 'block', wordBreak: 'break-all' }}>
          {outcome.value}
        </output>
      )}
    </section>
  )
}

/** The wallet's JSON-RPC code, on the error or on the one it wraps (wagmi's batch errors wrap viem's). */
function rpcCode(error: unknown): number | undefined {
  let current = error as { code?: unknown; cause?: unknown } | undefined
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === 'number') return current.code
    current = current.cause as typeof current
  }
  return undefined
}
