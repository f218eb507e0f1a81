import type { AccountData, Balance, Portico } from '@portico/core'
import {
  DEBOUNCE_MS,
  isNativeToken,
  maxNativeAmount,
  quoteSendFee,
  type SendState,
  type SendStore,
} from '@portico/core/internal'
import { useEffect } from 'react'
import { formatUnits } from 'viem'

interface QuoteInputs {
  portico: Portico
  accountData: AccountData
  send: SendStore
  state: SendState
  token: Balance | undefined
  from: `0x${string}` | undefined
  /** The receiver when it is a valid address; Max may quote before there is one (to the sender itself). */
  receiver: string | undefined
  /** The typed amount is a valid one (or Max decides it). */
  amountReady: boolean
  nativeBalance: bigint | undefined
  /** The embedded wallet is connected: its smart account's gas may be sponsored (the quote asks). */
  sponsorable: boolean
}

/**
 * Keeps a fee quote for the transfer as it stands, asked for once typing pauses (estimating on
 * every keystroke would flood the node), again after a declined or failed send, and — while Max
 * is on the native token — sets the amount to the balance less the quote's reserve.
 */
export function useSendQuote({
  portico,
  accountData,
  send,
  state,
  token,
  from,
  receiver,
  amountReady,
  nativeBalance,
  sponsorable,
}: QuoteInputs): void {
  const followsMax = state.maxed && token !== undefined && isNativeToken(token)
  // While Max decides the amount, the amount is an output of the quote, not an input to it.
  const amountKey = followsMax ? 'max' : state.sendTokenAmount
  const to = receiver ?? (followsMax ? from : undefined)
  const ready = token !== undefined && from !== undefined && to !== undefined && (followsMax || amountReady)
  const { network, wagmiConfig } = portico

  // biome-ignore lint/correctness/useExhaustiveDependencies: amountKey stands for the amount; estimateRound asks again
  useEffect(() => {
    if (!ready || !token || !from || !to) return
    let cancelled = false
    const timer = setTimeout(
      () => {
        quoteSendFee({
          wagmiConfig,
          chainId: network.id,
          caipNetworkId: network.caipNetworkId,
          services: accountData.services,
          from,
          token,
          amount: followsMax ? '0' : send.store.getState().sendTokenAmount,
          receiverAddress: to,
          sponsorable,
        }).then(
          (quote) => {
            if (cancelled) return
            if (followsMax && nativeBalance !== undefined) {
              const decimals = Number(token.quantity.decimals)
              send.setMax(formatUnits(maxNativeAmount(nativeBalance, quote), decimals), { followsFee: true })
            }
            send.setQuote(quote)
          },
          // Said, not hidden: the node refusing to estimate often means the transfer would fail.
          () => {
            if (!cancelled) send.setQuote(null)
          },
        )
      },
      followsMax ? 0 : DEBOUNCE_MS,
    )
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [
    ready,
    token,
    from,
    to,
    amountKey,
    state.estimateRound,
    followsMax,
    nativeBalance,
    sponsorable,
    send,
    wagmiConfig,
    network,
    accountData,
  ])
}
