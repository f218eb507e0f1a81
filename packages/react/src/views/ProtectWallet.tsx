import { FrameStepPrompt } from './email/FrameStepPrompt.tsx'
import type { ViewProps } from './types.ts'

/**
 * "Protect your wallet with a passkey": the secure frame, drawn over this view, explains it and
 * makes the passkey with the user's device; this page never sees the passkey's secret. Offered
 * after the first login and from the account view; either way the user may say "Not now".
 */
export default function ProtectWallet({ portico }: ViewProps) {
  return (
    <FrameStepPrompt
      portico={portico}
      run={(signal) => portico.embedded.protectWithPasskey(signal)}
      waiting="Continue in the Portico secure window to protect your wallet with a passkey."
      closed="The passkey step was closed."
    />
  )
}
