import fc from 'fast-check'
import type { FuzzTarget } from './target.ts'
import { RawJson, type UrlValue, type Wire } from './verbatim.ts'

const MEGABYTE = 1_000_000
const HUGE_ASCII = 'a'.repeat(MEGABYTE)
/** A megabyte of UTF-8 in three-byte characters. */
const HUGE_WIDE = '€'.repeat(MEGABYTE / 3)
const DEPTH = 10_000
const DEEP_ARRAY = new RawJson(`${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`)
const DEEP_OBJECT = new RawJson(`${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`)

const hexDigit = fc.constantFrom(...'0123456789abcdefABCDEF')
const hex = (minLength: number, maxLength: number) => fc.string({ unit: hexDigit, minLength, maxLength })
const latin1 = fc.integer({ min: 0x20, max: 0xff }).filter((code) => code !== 0x7f)

const loneSurrogates = fc.constantFrom('\ud800', '\udfff', 'a\ud800b', '\udc00\ud800', 'ok\udbff', '😀\ud83d')

const specialText = fc.constantFrom(
  '',
  ' ',
  HUGE_ASCII,
  HUGE_WIDE,
  '\u0000',
  'a\u0000b',
  '\u202e\ufeff',
  '%00',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  "'; drop table projects; --",
  '\r\nset-cookie: x=1',
  'null',
  'undefined',
  '__proto__',
  'constructor',
)

const numberText = fc.constantFrom(
  '-1',
  '0',
  '-0',
  '1.5',
  '1e308',
  '1e999',
  '-1e999',
  '99999999999999999999999999',
  '0x10',
  '+1',
  ' 1',
  'NaN',
  'Infinity',
  '٣',
  '１',
)

const badAddress = fc.oneof(
  fc.constantFrom(
    '0x',
    `0X${'a'.repeat(40)}`,
    ` 0x${'1'.repeat(40)}`,
    `0x${'1'.repeat(40)}\u0000`,
    `0x${'０'.repeat(40)}`,
  ),
  hex(0, 45).map((digits) => `0x${digits}`),
  hex(40, 40).map((digits) => `0x${digits.slice(0, 39)}g`),
  hex(40, 40),
)

const badCaip = fc.oneof(
  fc.constantFrom(
    'eip155',
    'eip155:',
    ':1',
    'eip155:1:',
    'EIP155:1',
    'eip155:0x1',
    'eip155:-1',
    `eip155:${'1'.repeat(33)}`,
    'eip155:31337:0x',
    'eip155:1:1:1',
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    'bip122:000000000019d6689c085ae165831e93',
    'eip155:99999999999999999999999999999999',
  ),
  fc.tuple(fc.string(), fc.string()).map(([namespace, reference]) => `${namespace}:${reference}`),
  badAddress.map((address) => `eip155:31337:${address}`),
)

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')

function badCursor(target: FuzzTarget): fc.Arbitrary<string> {
  const forged = fc.constantFrom(
    cursorOf({ b: -1, i: 0 }),
    cursorOf({ b: 1e300, i: 0 }),
    cursorOf({ b: 0, i: 2 ** 31 }),
    cursorOf({ b: '1', i: 0 }),
    cursorOf({ b: 0, i: 0, x: 1 }),
    cursorOf({ c: `0x${'a'.repeat(40)}`, t: '1'.repeat(79) }),
    cursorOf({ c: '0xZZ', t: '1' }),
    cursorOf({}),
    cursorOf(null),
    cursorOf([1, 2]),
    Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22]).toString('base64url'),
    'A'.repeat(300),
    '====',
  )
  const junk = fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('base64url'))
  const issued = [...target.cursors.history, ...target.cursors.nfts]
  if (issued.length === 0) return fc.oneof(forged, junk)
  const tampered = fc
    .tuple(fc.constantFrom(...issued), fc.nat(), fc.constantFrom(...'AZaz09-_'))
    .map(([cursor, at, char]) => {
      const index = at % cursor.length
      return cursor.slice(0, index) + char + cursor.slice(index + 1)
    })
  const cut = fc.tuple(fc.constantFrom(...issued), fc.nat()).map(([c, n]) => c.slice(0, n % c.length))
  return fc.oneof(forged, junk, tampered, cut)
}

/**
 * Text that breaks a field: wrong shapes of numbers, ids, addresses and cursors, odd Unicode, a
 * megabyte. What databases and parsers choke on (U+0000, lone surrogates) is drawn more often.
 */
export function badText(target: FuzzTarget): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.string() },
    { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
    { weight: 2, arbitrary: specialText },
    { weight: 2, arbitrary: loneSurrogates },
    { weight: 2, arbitrary: fc.string().map((text) => `${text}\u0000${text}`) },
    { weight: 1, arbitrary: numberText },
    { weight: 1, arbitrary: badAddress },
    { weight: 1, arbitrary: badCaip },
    { weight: 1, arbitrary: badCursor(target) },
  )
}

/** A JSON value that breaks a field: wrong types, empties, extremes, deep nesting, and bad text. */
export function badJson(target: FuzzTarget): fc.Arbitrary<unknown> {
  const text = badText(target)
  return fc.oneof(
    { weight: 8, arbitrary: text },
    fc.constantFrom<unknown>(null, true, false, 0, -0, 1, -1, 0.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 53 + 2)),
    fc.constantFrom<unknown>(1e308, -1e308, Number.MIN_VALUE, [], {}, [null], { '': '' }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.constantFrom(
      DEEP_ARRAY,
      DEEP_OBJECT,
      new RawJson('1e999'),
      new RawJson('-1e999'),
      new RawJson('123456789012345678901234567890'),
      new RawJson('1E-400'),
    ),
    fc.jsonValue({ maxDepth: 3 }),
    fc.array(text, { maxLength: 3 }),
    fc.dictionary(text, text, { maxKeys: 3 }),
  )
}

/** What a URL part can carry that a browser would not send: bad escapes, raw bytes, CESU-8 surrogates. */
export const badWire: fc.Arbitrary<Wire> = fc
  .oneof(
    fc.constantFrom('%', '%z', '%zz', '%ff', '%ED%A0%80', '%C0%AF', '%00', '%2F', '%2e%2e', '..', '//', '\\'),
    fc.string({ unit: latin1.map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 8 }),
    fc.constantFrom('\u0000', '\u00ff', '\u0080', 'a b', '\t'),
  )
  .map((wire) => ({ wire }))

export function badUrlValue(target: FuzzTarget): fc.Arbitrary<UrlValue> {
  return fc.oneof({ weight: 3, arbitrary: badText(target) }, badWire)
}

/** A header value that can travel on the wire (latin1), however odd. */
export const badHeader: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: latin1.map((code) => String.fromCharCode(code)), maxLength: 40 }),
  fc.constantFrom('', 'Bearer ', `Bearer ${'a'.repeat(16)}`, 'Bearer a', 'a'.repeat(100_000), 'null'),
  badAddress,
  badCaip.filter((text) => /^[\x20-\x7e]*$/.test(text)),
)

export const badOrigin: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'https://evil.example',
    'https://other.example',
    'null',
    'https://wallet.example.evil.example',
    'https://wallet.example:99999',
    'https://wallet.example/path',
    'https://user@wallet.example',
    'wallet.example',
    '*',
    'http://services.test.evil.example',
    'http://SERVICES.test',
    'a'.repeat(100_000),
  ),
  fc.webUrl(),
  badHeader,
)
