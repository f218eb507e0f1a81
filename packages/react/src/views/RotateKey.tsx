import { FrameStepPrompt } from './email/FrameStepPrompt.tsx'
import type { ViewProps } from './types.ts'

/**
 * "Make recovery yours alone": the secure frame, drawn over this view, says what the key rotation
 * does and takes the user's approval and passkey; this page never sees a key or a share.
 */
export default function RotateKey({ portico }: ViewProps) {
  return (
    <FrameStepPrompt
      portico={portico}
      run={(signal) => portico.embedded.rotateKey(signal)}
      waiting="Continue in the Portico secure window to move your wallet to a new key."
      closed="The key change was closed. Your wallet works as before."
    />
  )
}
