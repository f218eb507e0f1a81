import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ErrorText } from './errors.ts'
import {
  checkFees,
  emailSchema,
  isChecksummedAddress,
  isDecimalAmount,
  isSignedMessage,
  isTransactionHash,
  isValidAccountName,
  isValidAddress,
  isValidEmail,
  MAX_UINT256,
  otpSchema,
  sendCallsSchema,
  socialProviderSchema,
  toTransferAddress,
  validateSendInput,
} from './validators.ts'

const hex = (min: number, max = min) => fc.stringMatching(new RegExp(`^[0-9a-fA-F]{${min},${max}}$`))

describe('account names', () => {
  it('accepts letters, digits and hyphens from 4 characters on', () => {
    fc.assert(fc.property(fc.stringMatching(/^[a-zA-Z0-9-]{4,30}$/), (name) => isValidAccountName(name)))
    expect(isValidAccountName('my-name1')).toBe(true)
  })

  it('refuses names that are too short or carry other characters', () => {
    fc.assert(fc.property(fc.stringMatching(/^[a-zA-Z0-9-]{0,3}$/), (name) => !isValidAccountName(name)))
    for (const name of ['my name', 'ünïcode', 'dot.name', 'under_score', 'emoji😀x']) {
      expect(isValidAccountName(name)).toBe(false)
    }
  })
})

describe('decimal amounts', () => {
  it('accepts an optional minus, digits and an optional fraction', () => {
    fc.assert(fc.property(fc.stringMatching(/^-?\d{1,20}(\.\d{1,20})?$/), (value) => isDecimalAmount(value)))
  })

  it.each(['', '-', '.', '1.', '.5', '1,5', '1e5', '+1', ' 1', '1.2.3', '0x10'])('refuses %j', (value) => {
    expect(isDecimalAmount(value)).toBe(false)
  })
})

describe('send input', () => {
  const token = { symbol: 'ETH' }
  const receiverAddress = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

  it('lets a complete transfer through', () => {
    expect(validateSendInput({ token, amount: '0.5', receiverAddress })).toBeUndefined()
    expect(validateSendInput({ token, amount: 2, receiverAddress })).toBeUndefined()
  })

  it.each([undefined, '', '0', '0.000', '-1', 'abc', 0, Number.NaN])(
    'asks for an amount when it is %j',
    (amount) => {
      expect(validateSendInput({ token, amount, receiverAddress })).toBe(
        ErrorText.SEND_NEEDS_AMOUNT_AND_RECEIVER,
      )
    },
  )

  it('asks for a receiver before it asks for a token', () => {
    expect(validateSendInput({ token, amount: '1', receiverAddress: '  ' })).toBe(
      'An amount and receiver address are required',
    )
    expect(validateSendInput({ token: undefined, amount: '1', receiverAddress: undefined })).toBe(
      'An amount and receiver address are required',
    )
    expect(validateSendInput({ token: undefined, amount: '1', receiverAddress })).toBe('A token is required')
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

describe('fees', () => {
  it('allows any fee up to 2^256-1 with the tip at or below the cap', () => {
    const fee = fc.bigInt({ min: 0n, max: MAX_UINT256 })
    fc.assert(
      fc.property(fee, fee, (a, b) => {
        const [tip, cap] = a <= b ? [a, b] : [b, a]
        return checkFees({ maxFeePerGas: cap, maxPriorityFeePerGas: tip }) === undefined
      }),
    )
  })

  it('refuses a fee cap above 2^256-1', () => {
    expect(checkFees({ maxFeePerGas: MAX_UINT256 + 1n })).toBe('fee_cap_too_high')
    expect(checkFees({ maxFeePerGas: MAX_UINT256 })).toBeUndefined()
  })

  it('refuses a priority fee above the fee cap', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: MAX_UINT256 - 10n ** 18n }),
        fc.bigInt({ min: 1n, max: 10n ** 18n }),
        (cap, excess) =>
          checkFees({ maxFeePerGas: cap, maxPriorityFeePerGas: cap + excess }) === 'tip_above_fee_cap',
      ),
    )
  })
})

describe('hashes and signatures', () => {
  it('takes 0x plus exactly 64 hex digits as a transaction hash', () => {
    fc.assert(fc.property(hex(64), (body) => isTransactionHash(`0x${body}`)))
    fc.assert(
      fc.property(
        hex(0, 80).filter((h) => h.length !== 64),
        (body) => !isTransactionHash(`0x${body}`),
      ),
    )
    expect(isTransactionHash('a'.repeat(66))).toBe(false)
  })

  it('takes 0x plus 62 or more hex digits as a signed message', () => {
    fc.assert(fc.property(hex(62, 200), (body) => isSignedMessage(`0x${body}`)))
    fc.assert(fc.property(hex(0, 61), (body) => !isSignedMessage(`0x${body}`)))
    expect(isSignedMessage(`0x${'z'.repeat(130)}`)).toBe(false)
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

  it('takes the OTP as a string only', () => {
    expect(otpSchema.safeParse('123456').success).toBe(true)
    expect(otpSchema.safeParse(123456).success).toBe(false)
  })

  it('accepts exactly the listed social providers', () => {
    for (const provider of [
      'google',
      'github',
      'apple',
      'facebook',
      'x',
      'discord',
      'farcaster',
      'telegram',
    ]) {
      expect(socialProviderSchema.safeParse(provider).success).toBe(true)
    }
    for (const provider of ['twitter', 'Google', 'linkedin', '']) {
      expect(socialProviderSchema.safeParse(provider).success).toBe(false)
    }
  })

  it('needs each call to go to a 0x target with optional 0x data', () => {
    const to = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
    const ok = sendCallsSchema.safeParse({ calls: [{ to }, { to, data: '0x1234', capabilities: { a: 1 } }] })
    expect(ok.success && ok.data.calls[1]).toMatchObject({ capabilities: { a: 1 } })
    expect(sendCallsSchema.safeParse({ calls: [{ to: to.slice(2) }] }).success).toBe(false)
    expect(sendCallsSchema.safeParse({ calls: [{ to, data: '1234' }] }).success).toBe(false)
    expect(sendCallsSchema.safeParse({ calls: [{ data: '0x' }] }).success).toBe(false)
  })
})
