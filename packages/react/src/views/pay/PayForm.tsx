import { type Portico, shortenAddress } from '@portico/core'
import {
  canSend,
  createSendStore,
  type PayRequest,
  paymentToken,
  readPaymentBalance,
  type SendStore,
  SendText,
  sendProblems,
  submitSend,
} from '@portico/core/internal'
import { useEffect, useId, useMemo, useState } from 'react'
import { Unavailable } from '../../components/Unavailable.tsx'
import { useStore } from '../../hooks.ts'
import { formatQuantity } from '../account/TokensTab.tsx'
import { useAccountData } from '../account/use-account-data.ts'
import { useKept } from '../kept.ts'
import '../send/send-css.ts'
import { feeText, SendSubmit } from '../send/SendSubmit.tsx'
import { useSendQuote } from '../send/use-send-quote.ts'
import { PaySummary } from './PaySummary.tsx'

interface PayFormProps {
  portico: Portico
  request: PayRequest
  from: `0x${string}`
}

/**
 * The payment as a send whose token, amount and receiver the dapp fixed: the wallet's balance of
 * the token read from the chain, the fee, what stands in the way (another network, too little to
 * pay — with Buy where the on-ramp sells the coin), and one button.
 */
export function PayForm({ portico, request, from }: PayFormProps) {
  const accountData = useAccountData(portico)
  const account = useStore(portico.account)
  const nativeBalance = useStore(portico.balance).value
  const { network, wagmiConfig, toast } = portico
  const send = useKept(portico, 'Pay', () => new WeakMap<PayRequest, SendStore>())
  const store = send.get(request) ?? startPayment(send, request)
  const state = useStore(store.store)
  const held = useHeld(portico, request, from, nativeBalance)
  const token = useMemo(
    () =>
      held === undefined || held === null ? undefined : paymentToken(request, held, network.caipNetworkId),
    [held, request, network.caipNetworkId],
  )
  const statusId = useId()

  const problems = sendProblems(
    { ...state, token },
    {
      namespace: network.chainNamespace,
      isUnsupportedChain: account.isUnsupportedChain,
      nativeBalance,
      nativeSymbol: network.nativeCurrency.symbol,
    },
  )
  useSendQuote({
    portico,
    accountData,
    send: store,
    state,
    token,
    from,
    receiver: request.recipient,
    amountReady: !problems.amount && problems.missing === undefined,
    nativeBalance,
    sponsorable: portico.embedded.isEmbedded(account.connectorId),
  })

  const busy = state.phase !== 'idle'
  const ready = canSend(problems) && token !== undefined && state.quote !== undefined && !busy
  const short = token !== undefined && problems.amount === SendText.INSUFFICIENT_FUNDS
  const canBuy = short && !request.contract && portico.options.features.onramp

  const submit = async () => {
    if (!ready || !token) return
    await submitSend({
      send: store,
      token,
      toast,
      wagmiConfig,
      chainId: network.id,
      analytics: accountData.analytics,
      afterSend: async (hash) => {
        portico.paymentMined(hash)
        await Promise.all([accountData.refreshAfterSend(hash), portico.refreshBalance({ force: true })])
      },
    })
  }

  return (
    <form
      className="stack send-form pay-form"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <PaySummary request={request} />
      <p className="muted">
        From {shortenAddress(from)} on {network.name}
        {token ? ` · you have ${formatQuantity(token)}` : ''}
      </p>
      {held === null && (
        <Unavailable
          sentence={`Can’t reach the ${network.name} network, so the payment can’t be made right now.`}
          onRetry={() => void portico.refreshBalance({ force: true })}
        />
      )}
      {problems.form && (
        <div className="stack">
          <p role="alert" className="error">
            {problems.form}
          </p>
          {account.isUnsupportedChain && (
            <button type="button" className="secondary" onClick={() => void portico.switchToNetwork()}>
              Switch to {network.name}
            </button>
          )}
        </div>
      )}
      {short && (
        <p role="alert" className="error">
          Not enough {request.symbol} to pay {request.amount} {request.symbol}.
        </p>
      )}
      {problems.amount && !short && (
        <p role="alert" className="error">
          {problems.amount}
        </p>
      )}
      {canBuy && (
        <button type="button" className="secondary" onClick={() => portico.router.push('OnRampProviders')}>
          Buy {request.symbol}
        </button>
      )}
      <p className="muted" id={statusId} aria-live="polite">
        {problems.form || problems.amount || held === undefined
          ? ''
          : feeText(state.quote, network.nativeCurrency.decimals, network.nativeCurrency.symbol)}
      </p>
      <SendSubmit
        state={state}
        ready={ready}
        label={`Pay ${request.amount} ${request.symbol}`}
        describedBy={statusId}
      />
    </form>
  )
}

function startPayment(kept: WeakMap<PayRequest, SendStore>, request: PayRequest): SendStore {
  const store = createSendStore()
  store.setAmount(request.amount)
  store.setReceiver(request.recipient)
  kept.set(request, store)
  return store
}

/**
 * What the wallet holds of the payment's token, from the chain: the native balance the modal
 * already follows, or the token's `balanceOf`, read again whenever the native balance moves (a
 * purchase, a payment). Undefined while unknown, null when the node did not answer.
 */
function useHeld(
  portico: Portico,
  request: PayRequest,
  owner: `0x${string}`,
  nativeBalance: bigint | undefined,
): bigint | null | undefined {
  const [tokenHeld, setTokenHeld] = useState<bigint | null | undefined>(undefined)
  const { wagmiConfig, network } = portico
  // biome-ignore lint/correctness/useExhaustiveDependencies: a move of the native balance (a payment, a purchase) is when the token's may have moved too
  useEffect(() => {
    if (!request.contract) return
    let current = true
    readPaymentBalance(wagmiConfig, { chainId: network.id, request, owner }).then(
      (value) => current && setTokenHeld(value),
      () => current && setTokenHeld(null),
    )
    return () => {
      current = false
    }
  }, [wagmiConfig, network.id, request, owner, nativeBalance])
  useEffect(() => {
    void portico.refreshBalance({ force: true })
  }, [portico])
  return request.contract ? tokenHeld : nativeBalance
}
