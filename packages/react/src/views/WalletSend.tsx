import type { Balance } from '@portico/core'
import {
  canSend,
  createSendStore,
  formatUnitsFloor,
  isNativeToken,
  sendProblems,
  sortByValue,
  submitSend,
  toUnits,
  visibleBalances,
  withNativeCoin,
} from '@portico/core/internal'
import { useEffect, useId } from 'react'
import { TokenListbox } from '../components/TokenListbox.tsx'
import { Unavailable } from '../components/Unavailable.tsx'
import { useStore } from '../hooks.ts'
import './account/account-css.ts'
import { formatQuantity } from './account/TokensTab.tsx'
import { useAccountData } from './account/use-account-data.ts'
import { useChainUnreachable } from './account/use-chain-reach.ts'
import { FieldError } from './send/FieldError.tsx'
import { SendDone } from './send/SendDone.tsx'
import { feeText, SendSubmit } from './send/SendSubmit.tsx'
import './send/send-css.ts'
import { useKept } from './kept.ts'
import { useSendQuote } from './send/use-send-quote.ts'
import type { ViewProps } from './types.ts'

/** Send a token: pick it, type amount and receiver, see the fee, approve in the wallet, see it done. */
export default function WalletSend({ portico }: ViewProps) {
  const accountData = useAccountData(portico)
  const account = useStore(portico.account)
  const nativeBalance = useStore(portico.balance).value
  const portfolio = useStore(accountData.balances.store)
  const { network, wagmiConfig, toast } = portico
  const { symbol, decimals, name: coinName } = network.nativeCurrency
  // Without the services the portfolio is empty, but the coin's balance comes from the chain itself.
  const tokens = withNativeCoin(sortByValue(visibleBalances(portfolio.balances)), {
    value: nativeBalance,
    name: coinName,
    symbol,
    decimals,
    chainId: network.caipNetworkId,
  })
  // Kept while the secure frame's approval covers the view, so the done state follows it.
  const send = useKept(portico, 'WalletSend', createSendStore)
  const state = useStore(send.store)
  const ids = {
    amount: useId(),
    amountError: useId(),
    receiver: useId(),
    receiverError: useId(),
  }
  const statusId = useId()
  const chainUnreachable = useChainUnreachable(portico)

  useEffect(() => {
    void accountData.balances.fetchBalances(account.address)
    // The fee is paid from the balance on chain, not from the services' indexed view of it.
    void portico.refreshBalance({ force: true })
  }, [accountData, account.address, portico])

  // The token the user picked keeps following the latest balances (after a send, a refresh).
  const token = tokens.find((t) => t.address === state.token?.address && t.symbol === state.token?.symbol)
  const problems = sendProblems(
    { ...state, token },
    {
      namespace: network.chainNamespace,
      isUnsupportedChain: account.isUnsupportedChain,
      nativeBalance,
      nativeSymbol: symbol,
    },
  )
  const amountReady =
    !problems.amount && Boolean(state.sendTokenAmount.trim()) && problems.missing === undefined
  useSendQuote({
    portico,
    accountData,
    send,
    state,
    token,
    from: account.address,
    receiver: !problems.receiver && state.receiverAddress.trim() ? state.receiverAddress.trim() : undefined,
    amountReady,
    nativeBalance,
    sponsorable: portico.embedded.isEmbedded(account.connectorId),
  })

  if (state.sent) {
    return <SendDone portico={portico} sent={state.sent} onSendAnother={send.startOver} />
  }

  const busy = state.phase !== 'idle'
  // Sending waits for the quote: the fee check of behaviour §5 needs it (a failed estimate still lets the visitor try).
  const ready = canSend(problems) && Boolean(token) && state.quote !== undefined && !busy
  const amountError = state.edited.amount ? problems.amount : undefined
  const receiverError = state.edited.receiver ? problems.receiver : undefined

  const submit = async () => {
    if (!ready || !token) return
    await submitSend({
      send,
      token,
      toast,
      wagmiConfig,
      chainId: network.id,
      analytics: accountData.analytics,
      afterSend: async (hash) => {
        await Promise.all([accountData.refreshAfterSend(hash), portico.refreshBalance({ force: true })])
      },
    })
  }

  const max = () => {
    if (!token) return
    if (isNativeToken(token)) {
      // The whole balance for now; the quote takes its fee reserve off within a moment.
      const whole = nativeBalance ?? toUnits(token.quantity.numeric, Number(token.quantity.decimals))
      send.setMax(formatUnitsFloor(whole, decimals, decimals), { followsFee: true })
      void portico.refreshBalance({ force: true })
    } else send.setMax(token.quantity.numeric, { followsFee: false })
  }

  return (
    <form
      className="stack send-form"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      {chainUnreachable && (
        <Unavailable
          sentence={`Can’t reach the ${network.name} network, so nothing can be sent right now.`}
          onRetry={() => {
            void portico.refreshBalance({ force: true })
            void accountData.balances.fetchBalances(account.address, { force: true })
          }}
        />
      )}
      {portfolio.failed && !chainUnreachable && (
        <p role="status" className="muted">
          Tokens are unavailable right now. You can still send {symbol}.
        </p>
      )}
      {problems.form && (
        <p role="alert" className="error">
          {problems.form}
        </p>
      )}
      <TokenListbox
        label="Token"
        options={tokens.map((t) => ({
          key: tokenKey(t),
          symbol: t.symbol,
          name: t.name,
          iconUrl: t.iconUrl,
          detail: formatQuantity(t),
        }))}
        value={token ? tokenKey(token) : undefined}
        disabled={busy}
        onChange={(key) => send.setToken(tokens.find((t) => tokenKey(t) === key))}
      />
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
            readOnly={busy}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? ids.amountError : undefined}
            onChange={(event) => send.setAmount(event.target.value)}
          />
          <button
            type="button"
            className="secondary max-button"
            disabled={!token || busy}
            aria-pressed={state.maxed}
            onClick={max}
          >
            Max
          </button>
        </div>
        <FieldError id={ids.amountError} text={amountError} />
      </div>
      <div className="field">
        <label htmlFor={ids.receiver}>To</label>
        <input
          id={ids.receiver}
          autoComplete="off"
          spellCheck={false}
          placeholder="0x…"
          value={state.receiverAddress}
          readOnly={busy}
          aria-invalid={receiverError ? true : undefined}
          aria-describedby={receiverError ? ids.receiverError : undefined}
          onChange={(event) => send.setReceiver(event.target.value)}
        />
        <FieldError id={ids.receiverError} text={receiverError} />
      </div>
      <p className="muted" id={statusId} aria-live="polite" data-testid="send-message">
        {chainUnreachable
          ? ''
          : (problems.missing ??
            (problems.amount || problems.receiver ? '' : feeText(state.quote, decimals, symbol)))}
      </p>
      <SendSubmit state={state} ready={ready} label="Send" describedBy={statusId} />
    </form>
  )
}

function tokenKey(token: Balance): string {
  return token.address ?? `native:${token.symbol}`
}
