import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildSiweMessage, parseSiweMessage, SiweMessageError, validateSiweFields } from './message.ts'
import { type AbnfRule, matchesRule, parseUri } from './uri.ts'
import { verifySiweMessage } from './verify.ts'

// Every case of the published EIP-4361 vectors (test/vectors/siwe/README.md), read as they are.
const ROOT = new URL('../../test/vectors/siwe/', import.meta.url)
const SPRUCE = 'spruceid-siwe'
const SIWE = 'signinwithethereum-siwe'

function load<T>(dir: string, file: string): [string, T][] {
  return Object.entries(
    JSON.parse(readFileSync(new URL(`${dir}/${file}`, ROOT), 'utf8')) as Record<string, T>,
  )
}

type Fields = Record<string, unknown>
type VerificationCase = Fields & {
  signature: string
  time?: string
  domainBinding?: string
  matchNonce?: string
}

const positive = [
  ...load<{ message: string; fields: Fields }>(SPRUCE, 'parsing_positive.json'),
  ...load<{ message: string; fields: Fields }>(SIWE, 'parsing_positive.json'),
]
const negative = [
  ...load<string>(SPRUCE, 'parsing_negative.json'),
  ...load<string>(SIWE, 'parsing_negative.json'),
]
const negativeObjects = [
  ...load<Fields>(SPRUCE, 'parsing_negative_objects.json'),
  ...load<Fields>(SIWE, 'parsing_negative_objects.json'),
]
const verifyPositive = [
  ...load<VerificationCase>(SPRUCE, 'verification_positive.json'),
  ...load<VerificationCase>(SIWE, 'verification_positive.json'),
]
const verifyNegative = [
  ...load<VerificationCase>(SPRUCE, 'verification_negative.json'),
  ...load<VerificationCase>(SIWE, 'verification_negative.json'),
]
const validUris = load<{ msg: string; uri: Record<string, unknown> }>(SIWE, 'valid_uris.json')
const invalidUris = load<string>(SIWE, 'invalid_uris.json')
const validResources = load<{ msg: string; resources: string[] }>(SIWE, 'valid_resources.json')
const invalidResources = load<string>(SIWE, 'invalid_resources.json')
const validChars = load<{ rule: AbnfRule; input: string; answer: boolean }>(SIWE, 'valid_chars.json')
const invalidChars = load<{ rule: AbnfRule; input: string; answer: boolean }>(SIWE, 'invalid_chars.json')
const specification = load<{ msg: string; items: Fields }>(SIWE, 'valid_specification.json')
const messageObjects = load<{ msg: Fields; error: string }>(SIWE, 'message_objects.json')
const eip1271 = [
  ...load<{ message: string; signature: string }>(SPRUCE, 'eip1271.json'),
  ...load<{ message: string; signature: string }>(SIWE, 'eip1271.json'),
  ...load<{ message: string; signature: string }>('spruceid-siwe-pr153', 'eip1271_with_erc6492.json'),
]

const signed = (vector: VerificationCase) => {
  const { signature: _s, time: _t, domainBinding: _d, matchNonce: _n, ...fields } = vector
  return buildSiweMessage(fields as never)
}

const reasonOf = (run: () => unknown) => {
  try {
    run()
    return 'none'
  } catch (error) {
    return error instanceof SiweMessageError ? error.reason : `unexpected: ${String(error)}`
  }
}

const total =
  positive.length +
  negative.length +
  negativeObjects.length +
  verifyPositive.length +
  verifyNegative.length +
  validUris.length +
  invalidUris.length +
  validResources.length +
  invalidResources.length +
  validChars.length +
  invalidChars.length +
  specification.length +
  messageObjects.length +
  eip1271.length

describe(`EIP-4361 shared vectors (${total} cases)`, () => {
  it('are all there', () => expect(total).toBe(315))

  describe(`parsing_positive (${positive.length})`, () => {
    it.each(positive)(
      '%s: parses to the expected fields and rebuilds the same text',
      (_name, { message, fields }) => {
        const parsed = parseSiweMessage(message)
        const { scheme, ...expected } = fields
        expect(parsed).toEqual({ ...expected, ...(scheme ? { scheme } : {}) })
        expect(buildSiweMessage(parsed)).toBe(message)
      },
    )
  })

  describe(`parsing_negative (${negative.length})`, () => {
    it.each(negative)('%s: is rejected', (_name, message) => {
      expect(() => parseSiweMessage(message)).toThrow(SiweMessageError)
    })
  })

  describe(`parsing_negative_objects (${negativeObjects.length})`, () => {
    it.each(negativeObjects)('%s: is rejected', (_name, fields) => {
      expect(() => buildSiweMessage(fields as never)).toThrow(SiweMessageError)
    })
  })

  describe(`verification_positive (${verifyPositive.length})`, () => {
    it.each(verifyPositive)('%s: verifies', async (_name, vector) => {
      const result = await verifySiweMessage({
        message: signed(vector),
        signature: vector.signature,
        time: vector.time ? new Date(vector.time) : undefined,
      })
      expect(result.success).toBe(true)
    })
  })

  describe(`verification_negative (${verifyNegative.length})`, () => {
    it.each(verifyNegative)('%s: fails', async (_name, vector) => {
      let message: string
      try {
        message = signed(vector)
      } catch (error) {
        // An impossible date (February 31st) cannot even become a message.
        expect(error).toBeInstanceOf(SiweMessageError)
        return
      }
      const result = await verifySiweMessage({
        message,
        signature: vector.signature,
        domain: vector.domainBinding,
        nonce: vector.matchNonce,
        time: vector.time ? new Date(vector.time) : undefined,
      })
      expect(result.success).toBe(false)
    })
  })

  describe(`valid_uris (${validUris.length})`, () => {
    it.each(validUris)('%s', (_name, { msg, uri }) => {
      const parsed = parseUri(parseSiweMessage(msg).uri)
      for (const [key, value] of Object.entries(uri)) {
        const actual = parsed?.[key as keyof typeof parsed]
        expect(actual).toBe(typeof value === 'number' ? String(value) : value)
      }
    })
  })

  describe(`invalid_uris (${invalidUris.length})`, () => {
    it.each(invalidUris)('%s', (_name, msg) => expect(() => parseSiweMessage(msg)).toThrow(SiweMessageError))
  })

  describe(`valid_resources (${validResources.length})`, () => {
    it.each(validResources)('%s', (_name, { msg, resources }) => {
      expect(parseSiweMessage(msg).resources).toEqual(resources)
    })
  })

  describe(`invalid_resources (${invalidResources.length})`, () => {
    it.each(invalidResources)('%s', (_name, msg) =>
      expect(() => parseSiweMessage(msg)).toThrow(SiweMessageError),
    )
  })

  describe(`valid_chars and invalid_chars (${validChars.length + invalidChars.length})`, () => {
    it.each([...validChars, ...invalidChars])('%s', (_name, { rule, input, answer }) => {
      expect(matchesRule(rule, input)).toBe(answer)
    })
  })

  describe(`valid_specification (${specification.length})`, () => {
    it.each(specification)('%s', (_name, { msg, items }) => {
      const parsed = parseSiweMessage(msg)
      expect({
        statement: parsed.statement ?? null,
        requestId: parsed.requestId ?? null,
        resources: parsed.resources ?? null,
      }).toEqual(items)
      expect(buildSiweMessage(parsed)).toBe(msg)
    })
  })

  describe(`message_objects (${messageObjects.length})`, () => {
    it.each(messageObjects)('%s', (_name, { msg, error }) => {
      expect(reasonOf(() => validateSiweFields(msg))).toBe(error)
    })
  })

  describe(`eip1271 (${eip1271.length}): smart-account messages parse; their signatures need the chain`, () => {
    it.each(eip1271)('%s', async (_name, { message, signature }) => {
      const fields = parseSiweMessage(message)
      expect(buildSiweMessage(fields)).toBe(message)
      // No mainnet here: without a client only EOA recovery runs, and it must not accept these.
      expect(
        (await verifySiweMessage({ message, signature, time: new Date('2022-05-01T00:00:00Z') })).success,
      ).toBe(false)
    })
  })
})
