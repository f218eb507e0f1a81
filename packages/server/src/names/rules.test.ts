import { describe, expect, it } from 'vitest'
import {
  candidateLabels,
  coinTypeOf,
  isFresh,
  labelOf,
  labelProblem,
  NameText,
  parseStatement,
} from './rules.ts'

describe('name rules', () => {
  it('takes letters, digits and hyphens, at least 4 and at most 63, no hyphen at an edge, none reserved', () => {
    expect(labelProblem('alice')).toBeUndefined()
    expect(labelProblem('Al1-ce')).toBeUndefined()
    expect(labelProblem('ali')).toBe(NameText.TOO_SHORT)
    expect(labelProblem('al ice')).toBe(NameText.CHARACTERS)
    expect(labelProblem('alicé')).toBe(NameText.CHARACTERS)
    expect(labelProblem('al.ice')).toBe(NameText.CHARACTERS)
    expect(labelProblem('a'.repeat(64))).toBe(NameText.TOO_LONG)
    expect(labelProblem('-alice')).toBe(NameText.HYPHEN_EDGE)
    expect(labelProblem('ADMIN')).toBe(NameText.RESERVED)
  })

  it('reads a bare label or a full name under the suffix, case-insensitively, and nothing else', () => {
    expect(labelOf('alice', 'portico.id')).toBe('alice')
    expect(labelOf('Alice.Portico.ID', 'portico.id')).toBe('Alice')
    expect(labelOf('alice.eth', 'portico.id')).toBeUndefined()
  })

  it('uses the ENSIP-11 coin type', () => {
    expect(coinTypeOf(31337)).toBe(2147514985)
    expect(coinTypeOf(1)).toBe(2147483649)
  })

  it('accepts the signed statement only as JSON of its shape, fresh', () => {
    expect(parseStatement('{"name":"alice","timestamp":1}')).toEqual({
      name: 'alice',
      attributes: {},
      timestamp: 1,
    })
    expect(parseStatement('alice')).toBeUndefined()
    expect(parseStatement('{"name":"alice"}')).toBeUndefined()
    const now = 1_800_000_000_000
    expect(isFresh(now / 1000 - 60, now)).toBe(true)
    expect(isFresh(now / 1000 - 301, now)).toBe(false)
    expect(isFresh(now / 1000 + 31, now)).toBe(false)
  })

  it('suggests alternatives that keep the rules', () => {
    const suggestions = candidateLabels('alice')
    expect(suggestions.slice(0, 2)).toEqual(['alice1', 'alice2'])
    expect(suggestions).toContain('alice-eth')
    expect(candidateLabels('a'.repeat(63)).every((label) => labelProblem(label) === undefined)).toBe(true)
  })
})
