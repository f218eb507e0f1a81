import { describe, expect, it } from 'vitest'
import { Lru } from './lru.ts'

describe('Lru', () => {
  it('forgets the least recently used entry beyond its count', () => {
    const lru = new Lru<number>(2)
    lru.set('a', 1)
    lru.set('b', 2)
    expect(lru.get('a')).toBe(1) // a is now the most recent
    lru.set('c', 3)
    expect(lru.get('b')).toBeUndefined()
    expect(lru.get('a')).toBe(1)
    expect(lru.get('c')).toBe(3)
    expect(lru.size).toBe(2)
  })

  it('forgets the oldest entries beyond its total size, and keeps none larger than it', () => {
    const lru = new Lru<string>(10, 10)
    lru.set('a', 'x', 4)
    lru.set('b', 'y', 4)
    lru.set('c', 'z', 4)
    expect(lru.get('a')).toBeUndefined()
    expect([lru.get('b'), lru.get('c')]).toEqual(['y', 'z'])
    lru.set('huge', 'w', 11)
    expect(lru.get('huge')).toBeUndefined()
    expect(lru.size).toBe(2)
  })

  it('replaces an entry under the same key without counting it twice', () => {
    const lru = new Lru<number>(10, 8)
    lru.set('a', 1, 6)
    lru.set('a', 2, 6)
    expect(lru.get('a')).toBe(2)
    lru.delete('a')
    lru.set('b', 3, 8)
    expect(lru.get('b')).toBe(3)
  })
})
