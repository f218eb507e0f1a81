import { formatFee, type SendFeeQuote, type SendState, SendText } from '@portico/core/internal'

/** The fee line under a transfer's form: estimating, the fee, sponsored, or that it could not be told. */
export function feeText(quote: SendFeeQuote | null | undefined, decimals: number, symbol: string): string {
  if (quote === undefined) return 'Estimating network fee…'
  if (quote === null) return SendText.FEE_UNAVAILABLE
  if (quote.sponsored) return SendText.FEE_SPONSORED
  return `Network fee: ${formatFee(quote.expectedFee, decimals, symbol)}`
}

/**
 * The end of a transfer's form (Send, Pay): why the last try failed, then the one button, which
 * says where the transfer is — the wallet's prompt, then mining — while it is busy.
 */
export function SendSubmit({
  state,
  ready,
  label,
  describedBy,
}: {
  state: SendState
  ready: boolean
  label: string
  describedBy: string
}) {
  const busy = state.phase !== 'idle'
  return (
    <>
      {state.failure && (
        <p role="alert" className="error send-failure">
          {state.failure}
        </p>
      )}
      <button
        type="submit"
        className="primary"
        disabled={!ready}
        aria-busy={busy}
        aria-describedby={describedBy}
      >
        {busy && <span className="spinner small" aria-hidden="true" />}
        {state.phase === 'wallet'
          ? SendText.CONFIRM_IN_WALLET
          : state.phase === 'mining'
            ? SendText.SENDING
            : label}
      </button>
    </>
  )
}
