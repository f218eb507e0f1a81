import { describe, expect, test } from 'vitest'
import { normaliseOrigin } from './origin.ts'

describe('normaliseOrigin', () => {
  test.each([
    ['https://app.example.com', 'https://app.example.com'],
    ['https://app.example.com/', 'https://app.example.com'],
    ['  https://app.example.com  ', 'https://app.example.com'],
    ['HTTPS://App.Example.COM', 'https://app.example.com'],
    ['https://app.example.com:443', 'https://app.example.com'],
    ['http://localhost:80', 'http://localhost'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['https://app.example.com:8443', 'https://app.example.com:8443'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
  ])('%s → %s', (input, origin) => {
    expect(normaliseOrigin(input)).toEqual({ ok: true, origin })
  })

  test.each([
    ['', 'not a URL'],
    ['app.example.com', 'not a URL'],
    ['*', 'not a URL'],
    ['null', 'not a URL'],
    ['https://', 'not a URL'],
    ['https://app.example.com:99999', 'not a URL'],
    ['ftp://app.example.com', 'only http and https'],
    ['chrome-extension://abcdef', 'only http and https'],
    ['https://user:secret@app.example.com', 'credentials'],
    ['https://app.example.com/path', 'without a path'],
    ['https://app.example.com/?x=1', 'without a path'],
    ['https://app.example.com?', 'without a path'],
    ['https://app.example.com#top', 'without a path'],
  ])('refuses %j (%s)', (input, why) => {
    const result = normaliseOrigin(input)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.reason).toContain(`Invalid origin "${input}"`)
      expect(result.reason).toContain(why)
    }
  })

  test('two spellings of one origin normalise to the same string', () => {
    expect(normaliseOrigin('https://APP.example.com:443/')).toEqual(
      normaliseOrigin('https://app.example.com'),
    )
  })
})
