import { describe, expect, it } from 'vitest'
import { lazyPart } from './lazy-part.ts'

describe('a lazily loaded part of a view', () => {
  it('fetches its code once, however often it is asked for', async () => {
    let fetches = 0
    const part = lazyPart(async () => {
      fetches += 1
      return { mark: 'G' }
    })
    expect(part.loaded()).toBeUndefined()
    const [first, second] = await Promise.all([part.load(), part.load()])
    expect(first).toBe(second)
    expect(part.loaded()).toEqual({ mark: 'G' })
    expect(fetches).toBe(1)
  })

  it('fetches again after a failed fetch', async () => {
    let fetches = 0
    const part = lazyPart(async () => {
      fetches += 1
      if (fetches === 1) throw new Error('offline')
      return { mark: 'G' }
    })
    await expect(part.load()).rejects.toThrow('offline')
    expect(part.loaded()).toBeUndefined()
    await expect(part.load()).resolves.toEqual({ mark: 'G' })
  })
})
