import { describe, expect, it } from 'vitest'
import { ipRateLimit } from './ip-rate-limit.ts'

describe('per-IP rate limit in memory', () => {
  it('allows `max` requests per IP in a window, then refuses until the next window', () => {
    let time = 0
    const limit = ipRateLimit({ max: 3, windowMs: 1000 }, () => time)
    expect([1, 2, 3, 4].map(() => limit.take('192.0.2.1'))).toEqual([true, true, true, false])
    expect(limit.take('192.0.2.2')).toBe(true)
    time = 999
    expect(limit.take('192.0.2.1')).toBe(false)
    time = 1000
    expect(limit.take('192.0.2.1')).toBe(true)
  })

  it('keeps counting in bounded memory when very many addresses call', () => {
    let time = 0
    const limit = ipRateLimit({ max: 1, windowMs: 60_000 }, () => time)
    for (let i = 0; i < 100_001; i++) limit.take(`2001:db8::${i.toString(16)}`)
    time = 1
    // The newest windows are kept: the last address is still over its limit.
    expect(limit.take(`2001:db8::${(100_000).toString(16)}`)).toBe(false)
  })
})
