import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  emailSchema,
  isChecksummedAddress,
  isDecimalAmount,
  isValidAddress,
  isValidEmail,
  socialProviderSchema,
  toTransferAddress,
} from './validators.ts'

const hex = (min: number, max = min) => fc.stringMatching(new RegExp(`^[0-9a-fA-F]{${min},${max}}$`))

describe('decimal amounts', () => {
  it('accepts an optional minus, digits and an optional fraction', () => {
    fc.assert(fc.property(fc.stringMatching(/^-?\d{1,20}(\.\d{1,20})?$/), (value) => isDecimalAmount(value)))
  })

  it.each(['', '-', '.', '1.', '.5', '1,5', '1e5', '+1', ' 1', '1.2.3', '0x10'])('refuses %j', (value) => {
    expect(isDecimalAmount(value)).toBe(false)
  })
})

describe('addresses', () => {
  it('accepts 40 hex digits with or without 0x on eip155', () => {
    fc.assert(
      fc.property(hex(40), fc.boolean(), (body, prefixed) =>
        isValidAddress(prefixed ? `0x${body}` : body, 'eip155'),
      ),
    )
  })

  it('refuses eip155 addresses of the wrong length or alphabet', () => {
    fc.assert(
      fc.property(
        hex(0, 60).filter((h) => h.length !== 40),
        (body) => !isValidAddress(`0x${body}`, 'eip155'),
      ),
    )
    expect(isValidAddress(`0x${'g'.repeat(40)}`, 'eip155')).toBe(false)
  })

  it('accepts 32 to 44 base58 characters on solana and nothing with 0, O, I or l', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/), (address) =>
        isValidAddress(address, 'solana'),
      ),
    )
    expect(isValidAddress('So11111111111111111111111111111111111111112', 'solana')).toBe(true)
    expect(isValidAddress(`0${'1'.repeat(40)}`, 'solana')).toBe(false)
    expect(isValidAddress('1'.repeat(31), 'solana')).toBe(false)
    expect(isValidAddress('1'.repeat(45), 'solana')).toBe(false)
  })

  it('knows no address rule for other namespaces', () => {
    expect(isValidAddress('128Lkh3S7CkDTBZ8W7BbpsN3YYizJMp8p6', 'bip122')).toBe(false)
    expect(isValidAddress(`0x${'a'.repeat(40)}`, 'polkadot')).toBe(false)
  })
})

describe('EIP-55 checksums', () => {
  const spec = JSON.parse(
    readFileSync(new URL('../test/vectors/eip55/eip55-spec-vectors.json', import.meta.url), 'utf8'),
  ) as { vectors: { address: string }[] }

  it('accepts every checksummed address of the EIP-55 spec', () => {
    expect(spec.vectors).toHaveLength(8)
    for (const { address } of spec.vectors) expect(isChecksummedAddress(address)).toBe(true)
  })

  it('refuses a mixed-case address with one letter flipped', () => {
    const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
    const flipped = `${address.slice(0, 3)}A${address.slice(4)}`
    expect(isChecksummedAddress(flipped)).toBe(false)
  })

  it('refuses anything that is not 0x plus 20 bytes', () => {
    expect(isChecksummedAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false)
    expect(isChecksummedAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea')).toBe(false)
  })
})

describe('the address a transfer goes to', () => {
  const checksummed = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

  it('takes any 20 bytes in one case, with or without 0x, in their checksummed form', () => {
    fc.assert(
      fc.property(hex(40), fc.boolean(), fc.boolean(), (digits, upper, prefixed) => {
        const typed = `${prefixed ? '0x' : ''}${upper ? digits.toUpperCase() : digits.toLowerCase()}`
        const address = toTransferAddress(` ${typed} `)
        return (
          address !== undefined &&
          address.toLowerCase() === `0x${digits.toLowerCase()}` &&
          isChecksummedAddress(address)
        )
      }),
    )
  })

  it('keeps a correct checksum and refuses a mixed-case address whose checksum is wrong', () => {
    expect(toTransferAddress(checksummed)).toBe(checksummed)
    expect(toTransferAddress(checksummed.slice(2))).toBe(checksummed)
    expect(toTransferAddress(`${checksummed.slice(0, 3)}A${checksummed.slice(4)}`)).toBeUndefined()
  })

  it('refuses what is not 20 bytes of hex', () => {
    for (const typed of ['', '0x', checksummed.slice(0, -1), `${checksummed}0`, `0x${'g'.repeat(40)}`]) {
      expect(toTransferAddress(typed), typed).toBeUndefined()
    }
  })
})

describe('frame message schemas', () => {
  it('accepts well-formed e-mails and refuses broken ones', () => {
    expect(isValidEmail('alice@example.com')).toBe(true)
    for (const bad of ['', 'alice', 'alice@', '@example.com', 'a b@example.com', 'alice@example']) {
      expect(isValidEmail(bad)).toBe(false)
    }
    expect(emailSchema.safeParse(42).success).toBe(false)
  })

  it('accepts exactly the listed social providers', () => {
    // Near misses stand beside the names they resemble: another case, X's former name.
    const accepted = {
      apple: true,
      discord: true,
      facebook: true,
      farcaster: true,
      github: true,
      google: true,
      Google: false,
      linkedin: false,
      telegram: true,
      x: true,
      twitter: false,
      '': false,
    }
    for (const [provider, expected] of Object.entries(accepted)) {
      expect(socialProviderSchema.safeParse(provider).success, provider).toBe(expected)
    }
  })
})
