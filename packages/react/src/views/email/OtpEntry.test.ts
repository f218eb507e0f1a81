import { describe, expect, it } from 'vitest'
import { refusalText } from './OtpEntry.tsx'

describe('a refused code', () => {
  it('after a resend, is named as one the newer mail replaced', () => {
    expect(refusalText('Invalid code', true)).toBe(
      'That code was replaced by a newer one. Use the code in the latest e-mail.',
    )
  })

  it('before any resend, or refused for another reason, keeps the services’ words', () => {
    expect(refusalText('Invalid code', false)).toBe('Invalid code')
    expect(refusalText('Too many wrong codes. Request a new one.', true)).toBe(
      'Too many wrong codes. Request a new one.',
    )
  })
})
