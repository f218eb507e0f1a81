import { h } from './dom.ts'
import { PasskeyError } from './keys/passkey.ts'
import { taskCard } from './task-card.ts'
import type { Tasks } from './tasks.ts'

const FAILED: Record<PasskeyError['failure'], string> = {
  cancelled: 'Passkey set-up was cancelled. Nothing changed: your wallet works as before.',
  unsupported:
    'This browser cannot make a passkey with the PRF extension (Chrome or Edge 116+, Safari 18+, Firefox 139+). Nothing changed.',
  'other-account': 'This passkey belongs to another account. Nothing changed.',
}

/** What went wrong, and that the old key still opens the wallet: nothing is switched before the end. */
export function failureText(error: unknown): string {
  if (error instanceof PasskeyError) return FAILED[error.failure]
  const reason = error instanceof Error && error.message ? error.message : 'The key change did not finish.'
  return `${reason} Your wallet still works with its current key; you can try again.`
}

/**
 * "Make recovery yours alone", the approval of a key rotation: it says what happens (the smart
 * account's address stays; shares issued before stop opening it), and the click on its main button
 * is the user's approval of the one operation the old key signs. Answers true once `rotate` finished,
 * false when the user chose Cancel.
 */
export function askRotation(
  tasks: Tasks,
  request: { messageId: string; origin: string; account: string },
  rotate: () => Promise<void>,
): Promise<boolean> {
  return tasks.run<boolean>(request.messageId, request.origin, (finish) => (root) => {
    const view = taskCard(
      'rotation-title',
      'Make recovery yours alone',
      [
        h(
          'p',
          {},
          'Your wallet moves to a new key that only your passkey can recover. Recovery shares issued before, including the one this app held, stop working.',
        ),
        h('p', {}, 'Your smart account keeps its address:'),
        h('p', { class: 'address' }, request.account),
        h(
          'p',
          {},
          'Approving makes a passkey, then sends one operation from your account that hands it to the new key.',
        ),
      ],
      [
        { label: 'Cancel', run: () => finish({ value: false }) },
        {
          label: 'Approve',
          primary: true,
          run: () =>
            void view
              .attempt('Changing your key…', rotate, failureText)
              .then((outcome) => outcome.ok && finish({ value: true })),
        },
      ],
    )
    return view.show(root)
  })
}
