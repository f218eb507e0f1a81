import { type Balance, formatTokenAmount } from '@portico/core'
import {
  createSwapStore,
  exchangeRate,
  formatFee,
  formatUnitsFloor,
  isNativeSwapToken,
  minimumReceived,
  type SwapToken,
  submitSwap,
  swapAmountUnits,
  swapBlocker,
  tokenAddressOf,
  toUnits,
  trimAmount,
} from '@portico/core/internal'
import { useEffect, useId } from 'react'
import { Choices } from '../components/Choices.tsx'
import { SwapIcon } from '../components/icons.tsx'
import { TokenIcon } from '../components/TokenIcon.tsx'
import { useStore } from '../hooks.ts'
import './account/account-css.ts'
import { useAccountData } from './account/use-account-data.ts'
import { useKept } from './kept.ts'
import { SwapDoneView } from './swap/SwapDoneView.tsx'
import './swap/swap-css.ts'
import { TokenPicker } from './swap/TokenPicker.tsx'
import { useSwapFee } from './swap/use-swap-fee.ts'
import { useSwapQuote } from './swap/use-swap-quote.ts'
import { useSwapTokens } from './swap/use-swap-tokens.ts'
import type { ViewProps } from './types.ts'

const SLIPPAGES = [0.5, 1, 3] as const

/**
 * Swap one token for another through the services' pools: pay and receive sides with a
 * flip, a quote after a pause, its rate, price impact, slippage and minimum, a review, then the
 * wallet — an approval first when a token's allowance is short — and the done state.
 */
export default function WalletSwap({ portico }: ViewProps) {
  const accountData = useAccountData(portico)
  const { address } = useStore(portico.account)
  const nativeBalance = useStore(portico.balance).value
  const portfolio = useStore(accountData.balances.store).balances
  const swap = useKept(portico, 'WalletSwap', createSwapStore)
  const state = useStore(swap.store)
  const tokens = useSwapTokens(portico, accountData.services)
  const ids = { amount: useId(), status: useId() }
  const { network, wagmiConfig, toast } = portico
  const { nativeCurrency } = network.chain

  useEffect(() => {
    void accountData.balances.fetchBalances(address)
  }, [accountData, address])
  useEffect(() => {
    const native = tokens.kind === 'ready' ? tokens.tokens.find(isNativeSwapToken) : undefined
    if (native && !swap.store.getState().from) swap.pick('from', native)
  }, [tokens, swap])
  useSwapQuote({ swap, state, services: accountData.services, address })
  const fee = useSwapFee({ state, services: accountData.services, address, chainId: network.caipNetworkId })

  if (tokens.kind === 'failed')
    return (
      <p role="alert" className="error">
        {tokens.reason}
      </p>
    )
  if (tokens.kind === 'loading') return <p className="muted center">Loading tokens…</p>
  if (!address) return null

  const balanceUnits = (token: SwapToken): bigint | undefined =>
    isNativeSwapToken(token) ? nativeBalance : heldUnits(portfolio, token)
  const balanceText = (token: SwapToken) => {
    const units = balanceUnits(token)
    return units ? `${formatTokenAmount(units, token.decimals)} ${token.symbol}` : undefined
  }

  if (state.done) return <SwapDoneView portico={portico} done={state.done} onAgain={swap.startOver} />
  if (state.step === 'pick-from' || state.step === 'pick-to') {
    const side = state.step === 'pick-from' ? 'from' : 'to'
    return (
      <TokenPicker
        tokens={tokens.tokens}
        side={side}
        balanceOf={balanceText}
        onPick={(token) => swap.pick(side, token)}
        onBack={() => swap.setStep('form')}
      />
    )
  }

  const { from, to, quote, amount, slippage, phase, failure } = state
  const units = from ? swapAmountUnits(amount, from.decimals) : undefined
  const blocker = swapBlocker({
    from,
    to,
    amount,
    balance: from ? balanceUnits(from) : undefined,
    quoted: Boolean(quote),
  })
  const reviewing = state.step === 'review'
  const busy = phase !== 'idle'
  const received = quote && to ? formatTokenAmount(quote.toAmount, to.decimals) : undefined
  const quoting = !blocker && quote === undefined

  const submit = () => {
    if (blocker || busy) return
    if (!reviewing) {
      swap.setStep('review')
      return
    }
    void submitSwap({
      swap,
      services: accountData.services,
      wagmiConfig,
      chainId: network.id,
      address,
      toast,
      afterSwap: async (hash) => {
        await Promise.all([accountData.refreshAfterSend(hash), portico.refreshBalance({ force: true })])
      },
    })
  }

  const tokenButton = (side: 'from' | 'to', token: SwapToken | undefined) => (
    <button
      type="button"
      className="secondary token-button"
      disabled={reviewing}
      aria-label={
        token
          ? `${side === 'from' ? 'Pay with' : 'Receive'} ${token.symbol}, change token`
          : `Select a token to ${side === 'from' ? 'pay with' : 'receive'}`
      }
      onClick={() => swap.setStep(side === 'from' ? 'pick-from' : 'pick-to')}
    >
      {token ? <TokenIcon name={token.symbol} url={token.logoUri} size={22} /> : null}
      {token ? token.symbol : 'Select token'}
    </button>
  )

  return (
    <form
      className="stack swap-form"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <fieldset>
        <legend>You pay</legend>
        <div className="side">
          <input
            id={ids.amount}
            aria-label="Amount to pay"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={amount}
            readOnly={reviewing}
            aria-invalid={blocker?.startsWith('Insufficient') || blocker === 'Invalid amount'}
            aria-describedby={ids.status}
            onChange={(event) => swap.setAmount(event.target.value)}
          />
          {tokenButton('from', from)}
        </div>
        {from && (
          <div className="balance-line muted">
            <span>Balance: {balanceText(from) ?? `0 ${from.symbol}`}</span>
            {!reviewing && (balanceUnits(from) ?? 0n) > 0n && (
              <button
                type="button"
                className="secondary"
                onClick={() => swap.setAmount(maxAmount(from, balanceUnits(from) ?? 0n))}
              >
                Max
              </button>
            )}
          </div>
        )}
      </fieldset>
      {!reviewing && (
        <button
          type="button"
          className="secondary flip"
          aria-label="Switch pay and receive tokens"
          onClick={swap.flip}
        >
          <SwapIcon size={18} />
        </button>
      )}
      <fieldset>
        <legend>You receive</legend>
        <div className="side">
          <output aria-label="Amount to receive" aria-live="polite">
            {received ?? (quoting ? '…' : '0')}
          </output>
          {tokenButton('to', to)}
        </div>
      </fieldset>
      {quote && from && to && units !== undefined && (
        <dl className="swap-details">
          <dt>Price</dt>
          <dd>{exchangeRate(from, units, to, quote.toAmount)}</dd>
          {quote.priceImpact !== undefined && (
            <>
              <dt>Price impact</dt>
              <dd className={quote.priceImpact >= 5 ? 'high' : undefined}>{quote.priceImpact.toFixed(2)}%</dd>
            </>
          )}
          <dt>Max slippage</dt>
          <dd>
            {reviewing ? (
              `${slippage}%`
            ) : (
              <Choices
                name="slippage"
                label="Max slippage"
                className="slippage"
                options={SLIPPAGES.map((value) => ({ value, label: `${value}%` }))}
                value={slippage}
                onChange={(value) => swap.setSlippage(value)}
              />
            )}
          </dd>
          <dt>Minimum received</dt>
          <dd>
            {formatTokenAmount(minimumReceived(quote.toAmount, slippage), to.decimals)} {to.symbol}
          </dd>
          {reviewing && (
            <>
              <dt>Network fee</dt>
              <dd>
                {fee === undefined
                  ? '…'
                  : fee === null
                    ? 'Shown by your wallet'
                    : `${fee.approximate ? 'About ' : ''}${formatFee(fee.wei, nativeCurrency.decimals, nativeCurrency.symbol)}`}
              </dd>
            </>
          )}
        </dl>
      )}
      {reviewing && from && !isNativeSwapToken(from) && (
        <p className="muted">
          Your wallet may first ask to let the exchange use your {from.symbol}, then to swap.
        </p>
      )}
      <p id={ids.status} className={failure ? 'error' : 'muted'} role={failure ? 'alert' : undefined}>
        {failure ?? (quoting ? 'Getting a quote…' : quote === null ? 'No quote for this amount' : '')}
      </p>
      <button type="submit" className="primary" disabled={Boolean(blocker) || busy} aria-busy={busy}>
        {busy && <span className="spinner small" aria-hidden="true" />}
        {phase === 'approving'
          ? `Approve ${from?.symbol} in your wallet…`
          : phase === 'swapping'
            ? 'Confirm the swap in your wallet…'
            : (blocker ?? (reviewing ? 'Swap' : 'Review swap'))}
      </button>
      {reviewing && !busy && (
        <button type="button" className="secondary" onClick={() => swap.setStep('form')}>
          Edit
        </button>
      )}
    </form>
  )
}

function heldUnits(portfolio: Balance[], token: SwapToken): bigint | undefined {
  const address = tokenAddressOf(token).toLowerCase()
  const held = portfolio.find((balance) => balance.address?.toLowerCase().endsWith(address))
  return held ? toUnits(held.quantity.numeric, Number(held.quantity.decimals)) : undefined
}

/** All of a token; of the native coin, all but a reserve for the network fee. */
function maxAmount(token: SwapToken, units: bigint): string {
  const reserve = isNativeSwapToken(token) ? 10n ** BigInt(Math.max(0, token.decimals - 3)) : 0n
  return trimAmount(formatUnitsFloor(units > reserve ? units - reserve : 0n, token.decimals, token.decimals))
}
