import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef } from 'react'

const OTP_LENGTH = 6

/**
 * Six one-digit boxes that behave as one field: typing moves on, Backspace moves back, and a
 * pasted code fills every box. `onComplete` fires once all six digits are in.
 */
export function OtpInput({
  value,
  onChange,
  onComplete,
  busy,
}: {
  value: string
  onChange(value: string): void
  onComplete(code: string): void
  /** While the code is checked: the boxes keep focus but take no input. */
  busy?: boolean
}) {
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const digits = Array.from({ length: OTP_LENGTH }, (_, index) => value[index] ?? '')

  // A refused code is cleared: the next one is typed from the first box, where focus goes back.
  useEffect(() => {
    if (value !== '') return
    const first = boxes.current[0]
    const root = first?.getRootNode() as Document | ShadowRoot | undefined
    if (boxes.current.some((box) => box !== null && box === root?.activeElement)) first?.focus()
  }, [value])

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
    if (busy) return
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
    if (!busy) set(event.clipboardData.getData('text'), OTP_LENGTH - 1)
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
          // Read-only rather than disabled while the code is checked, so focus stays in the boxes.
          readOnly={busy}
          aria-busy={busy}
          onChange={(event) => onInput(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  )
}
