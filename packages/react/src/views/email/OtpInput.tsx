import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react'

export const OTP_LENGTH = 6

/**
 * Six one-digit boxes that behave as one field: typing moves on, Backspace moves back, and a
 * pasted code fills every box. `onComplete` fires once all six digits are in.
 */
export function OtpInput({
  value,
  onChange,
  onComplete,
  disabled,
}: {
  value: string
  onChange(value: string): void
  onComplete(code: string): void
  disabled?: boolean
}) {
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const digits = Array.from({ length: OTP_LENGTH }, (_, index) => value[index] ?? '')

  const set = (next: string, focus: number) => {
    const code = next.replace(/\D/g, '').slice(0, OTP_LENGTH)
    onChange(code)
    boxes.current[Math.min(focus, OTP_LENGTH - 1)]?.focus()
    if (code.length === OTP_LENGTH) onComplete(code)
  }

  const onInput = (index: number, text: string) => {
    const typed = text.replace(/\D/g, '')
    if (!typed) return
    const next = (value.slice(0, index) + typed + value.slice(index + typed.length)).slice(0, OTP_LENGTH)
    set(next, index + typed.length)
  }

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault()
      const at = digits[index] ? index : index - 1
      if (at < 0) return
      onChange(value.slice(0, at) + value.slice(at + 1))
      boxes.current[at]?.focus()
    } else if (event.key === 'ArrowLeft') boxes.current[index - 1]?.focus()
    else if (event.key === 'ArrowRight') boxes.current[index + 1]?.focus()
  }

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    set(event.clipboardData.getData('text'), OTP_LENGTH - 1)
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would add a border and legend the design has no room for
    <div className="otp" role="group" aria-label="Verification code">
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, they never reorder
          key={index}
          ref={(element) => {
            boxes.current[index] = element
          }}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={OTP_LENGTH}
          aria-label={`Digit ${index + 1}`}
          value={digit}
          disabled={disabled}
          onChange={(event) => onInput(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  )
}
