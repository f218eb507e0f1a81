import { h } from './dom.ts'

export const CODE_FORMAT = 'Enter the 6-digit code from the e-mail.'

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

export function codeOf(input: HTMLInputElement): string | undefined {
  const otp = input.value.trim()
  return /^\d{6}$/.test(otp) ? otp : undefined
}
