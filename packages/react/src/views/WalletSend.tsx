import {
  type Balance,
  createSendStore,
  DEBOUNCE_MS,
  estimateSendFee,
  formatUnitsFloor,
  SendText,
  sortByValue,
  submitSend,
  validateSend,
  visibleBalances,
} from '@portico/core'
import { useEffect, useId, useState } from 'react'
import { TokenIcon } from '../components/TokenIcon.tsx'
import { useStore } from '../hooks.ts'
import './account/account-css.ts'
import { formatQuantity } from './account/TokensTab.tsx'
import { useAccountData } from './account/use-account-data.ts'
import type { ViewProps } from './types.ts'

const FEE_DECIMALS = 6

/** Send a token: pick it, type amount and receiver, see the fee, approve in the wallet. */
export default function WalletSend({ portico }: ViewProps) {
  const accountData = useAccountData(portico)
  const account = useStore(portico.account)
  const portfolio = useStore(accountData.balances.store)
  const tokens = sortByValue(visibleBalances(portfolio.balances))
  const [send] = useState(() => createSendStore())
  const state = useStore(send.store)
  const ids = { token: useId(), amount: useId(), receiver: useId() }
  const { network, wagmiConfig, toast } = portico

  useEffect(() => {
    void accountData.balances.fetchBalances(account.address)
  }, [accountData, account.address])

  // The token the user picked keeps following the latest balances (after a send, a refresh).
  const token = tokens.find((t) => t.address === state.token?.address && t.symbol === state.token?.symbol)
  const current = { ...state, token }
  const problem = validateSend(current, {
    namespace: network.chainNamespace,
    isUnsupportedChain: account.isUnsupportedChain,
  })

  useEffect(() => {
    if (problem || !token || !account.address) return
    const from = account.address
    let cancelled = false
    // Estimating on every keystroke would flood the node; wait until typing pauses.
    const timer = setTimeout(() => {
      estimateSendFee({
        wagmiConfig,
        chainId: network.id,
        caipNetworkId: network.caipNetworkId,
        services: accountData.services,
        from,
        token,
        amount: state.sendTokenAmount,
        receiverAddress: state.receiverAddress,
      }).then(
        (fee) => {
          if (!cancelled) send.setGasFee(fee)
        },
        // Said, not hidden: the node refusing to estimate often means the transfer would fail.
        () => {
          if (!cancelled) send.setGasFee(null)
        },
      )
    }, DEBOUNCE_MS)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [
    problem,
    token,
    account.address,
    state.sendTokenAmount,
    state.receiverAddress,
    send,
    wagmiConfig,
    network,
    accountData,
  ])

  const submit = async () => {
    if (problem || !token) return
    send.setToken(token)
    await submitSend({
      send,
      toast,
      wagmiConfig,
      chainId: network.id,
      afterSend: async (hash) => {
        await Promise.all([accountData.refreshAfterSend(hash), portico.refreshBalance({ force: true })])
      },
    })
  }

  const { symbol, decimals } = network.nativeCurrency
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <div className="field">
        <label htmlFor={ids.token}>Token</label>
        <div className="row">
          {token && <TokenIcon name={token.name} url={token.iconUrl} size={28} />}
          <select
            id={ids.token}
            style={{ flex: 1 }}
            value={token ? tokenKey(token) : ''}
            onChange={(event) => send.setToken(tokens.find((t) => tokenKey(t) === event.target.value))}
          >
            <option value="">Select a token</option>
            {tokens.map((t) => (
              <option key={tokenKey(t)} value={tokenKey(t)}>
                {t.symbol} — {formatQuantity(t)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={ids.amount}>Amount</label>
        <div className="row">
          <input
            id={ids.amount}
            style={{ flex: 1 }}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={state.sendTokenAmount}
            onChange={(event) => send.setAmount(event.target.value)}
          />
          <button
            type="button"
            className="secondary"
            style={{ width: 'auto', padding: '0 12px' }}
            disabled={!token}
            onClick={() => token && send.setAmount(token.quantity.numeric)}
          >
            Max
          </button>
        </div>
      </div>
      <div className="field">
        <label htmlFor={ids.receiver}>To</label>
        <input
          id={ids.receiver}
          autoComplete="off"
          spellCheck={false}
          placeholder="0x…"
          value={state.receiverAddress}
          onChange={(event) => send.setReceiver(event.target.value)}
        />
      </div>
      <p className="muted" aria-live="polite" data-testid="send-message">
        {problem ?? feeText(state.gasFee, decimals, symbol)}
      </p>
      <button type="submit" className="primary" disabled={Boolean(problem) || state.sending}>
        {state.sending ? 'Confirm in your wallet…' : 'Send'}
      </button>
    </form>
  )
}

function feeText(fee: bigint | null | undefined, decimals: number, symbol: string): string {
  if (fee === undefined) return 'Estimating network fee…'
  if (fee === null) return SendText.FEE_UNAVAILABLE
  return `Network fee: ${formatUnitsFloor(fee, decimals, FEE_DECIMALS)} ${symbol}`
}

function tokenKey(token: Balance): string {
  return token.address ?? `native:${token.symbol}`
}
