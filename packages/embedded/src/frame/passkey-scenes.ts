import { h } from './dom.ts'
import { PasskeyError, type PasskeyFailure } from './keys/passkey.ts'
import { taskCard } from './task-card.ts'
import { TaskCancelled, type Tasks } from './tasks.ts'

const NEEDS_PRF = 'it needs passkeys with the PRF extension (Chrome or Edge 116+, Safari 18+, Firefox 139+)'

/** The sentence the user reads for each way a passkey step can fail, with what to do next. */
const PasskeyText = {
  createFailed: {
    cancelled:
      'Passkey set-up was cancelled. Your wallet works as before; you can add a passkey from your account at any time.',
    unsupported: `This browser cannot protect your wallet with a passkey: ${NEEDS_PRF}. You can add one later from another browser.`,
    'other-account': 'This passkey belongs to another account.',
  },
  unlockFailed: {
    cancelled:
      'The passkey request was cancelled, or no passkey for this wallet is on this device. Try again, or use a phone or computer where your passkey is saved.',
    unsupported: `This browser cannot unlock your wallet with a passkey: ${NEEDS_PRF}. Open this page in one of those, or on the device you used before.`,
    'other-account': 'This passkey belongs to another account.',
  },
  otherAccount: (email: string) =>
    `This passkey belongs to another account. Choose the passkey you made for ${email}.`,
} as const satisfies Record<string, Record<PasskeyFailure, string> | ((email: string) => string)>

const WAITING = 'Waiting for your passkey…'

/** What went wrong, as a sentence: a passkey refusal in the words above, anything else in its own. */
function failureText(error: unknown, texts: Record<PasskeyFailure, string>, email: string): string {
  if (error instanceof PasskeyError)
    return error.failure === 'other-account' ? PasskeyText.otherAccount(email) : texts[error.failure]
  return error instanceof Error && error.message ? error.message : texts.cancelled
}

/** Why a passkey, said before the wallet is made (`first`) or to a user whose operator can recover it. */
const OFFER_TEXT = {
  first: [
    'Your wallet is ready to be made. With a passkey, only you can restore it on a new device: your fingerprint, face or screen lock unlocks it.',
    'Without one, the app that runs this wallet can recover it for you, which means it could also recover it without you.',
  ],
  later: [
    'Today the app that runs this wallet can recover it for you, which means it could also recover it without you.',
    'With a passkey, only you can restore your wallet on a new device: your fingerprint, face or screen lock unlocks it.',
  ],
} as const

/**
 * "Protect your wallet with a passkey": asked before a new user's wallet is made (`first`), and from
 * the account view after. Answers true once `protect` made the passkey hold the recovery share,
 * false when the user chose "Not now".
 */
export function offerPasskey(
  tasks: Tasks,
  request: { messageId: string; origin: string; email: string; first?: boolean },
  protect: () => Promise<void>,
): Promise<boolean> {
  return tasks.run<boolean>(request.messageId, request.origin, (finish) => (root) => {
    const view = taskCard(
      'passkey-offer-title',
      'Protect your wallet with a passkey',
      OFFER_TEXT[request.first ? 'first' : 'later'].map((text) => h('p', {}, text)),
      [
        { label: 'Not now', run: () => finish({ value: false }) },
        {
          label: 'Create a passkey',
          primary: true,
          run: () =>
            void view
              .attempt(WAITING, protect, (error) =>
                failureText(error, PasskeyText.createFailed, request.email),
              )
              .then((outcome) => outcome.ok && finish({ value: true })),
        },
      ],
    )
    return view.show(root)
  })
}

const ASK_TEXT = {
  unlock: {
    title: 'Unlock your wallet',
    text: (email: string) =>
      `This device does not hold your wallet yet. Use the passkey you made for ${email} to unlock it here.`,
  },
  export: {
    title: 'Confirm it is you',
    text: (email: string) =>
      `Showing your private key needs the passkey you made for ${email}, as well as a code we e-mail you.`,
  },
} as const

/**
 * The user's passkey, asked in the frame: on a new device it opens the wallet here (`unlock`); before
 * the private key is shown it confirms the person at this device is its owner (`export`). "Cancel"
 * ends the task as cancelled; a failed try stays on screen with what to do.
 */
export function askForPasskey(
  tasks: Tasks,
  request: { messageId: string; origin: string; email: string; purpose?: keyof typeof ASK_TEXT },
  restore: () => Promise<void>,
): Promise<void> {
  const ask = ASK_TEXT[request.purpose ?? 'unlock']
  return tasks.run<void>(request.messageId, request.origin, (finish) => (root) => {
    const view = taskCard(
      'passkey-unlock-title',
      ask.title,
      [h('p', {}, ask.text(request.email))],
      [
        { label: 'Cancel', run: () => finish({ error: new TaskCancelled() }) },
        {
          label: 'Use passkey',
          primary: true,
          run: () =>
            void view
              .attempt(WAITING, restore, (error) =>
                failureText(error, PasskeyText.unlockFailed, request.email),
              )
              .then((outcome) => outcome.ok && finish({ value: undefined })),
        },
      ],
    )
    return view.show(root)
  })
}
