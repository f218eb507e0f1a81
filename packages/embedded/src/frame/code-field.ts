import { h } from './dom.ts'
import type { TaskCard } from './task-card.ts'

const CODE_FORMAT = 'Enter the 6-digit code from the e-mail.'

/**
 * The field a mailed code is typed into, in the frame: six digits, the browser's one-time-code
 * autofill, and Enter to submit. `submit` gets the code, or undefined when it is not six digits.
 */
export function codeField(id: string, submit: (otp: string | undefined) => void): HTMLInputElement {
  const input = h('input', {
    id,
    inputmode: 'numeric',
    autocomplete: 'one-time-code',
    maxlength: '6',
    pattern: '[0-9]{6}',
  })
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && event.isTrusted) submit(codeOf(input))
  })
  return input
}

function codeOf(input: HTMLInputElement): string | undefined {
  const otp = input.value.trim()
  return /^\d{6}$/.test(otp) ? otp : undefined
}

/**
 * Checks the code typed in `input` (or the one Enter gave) with `check` while `view` says it is
 * checking. A code that is not six digits is said at once, a refused one is put in words and leaves
 * the field focused for another try; only an accepted code resolves with the answer.
 */
export async function checkCode<T>(
  view: TaskCard,
  input: HTMLInputElement,
  check: (otp: string) => Promise<T>,
  otp = codeOf(input),
): Promise<{ value: T } | undefined> {
  if (!otp) {
    view.say(CODE_FORMAT)
    return undefined
  }
  const outcome = await view.attempt(
    'Checking the code…',
    () => check(otp),
    (error) => (error instanceof Error ? error.message : CODE_FORMAT),
  )
  if (outcome.ok) return { value: outcome.value }
  input.focus()
  return undefined
}
