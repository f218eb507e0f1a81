import { describe, expect, it } from 'vitest'
import { coinTypeOf, NameRuleText, nameLabelProblem, nameStatement } from './rules.ts'

describe('account name rules', () => {
  it('takes letters, digits and inner hyphens from 4 to 63 characters', () => {
    for (const label of ['alice', 'Bob1', 'a-b-c', '1234', 'x'.repeat(63)])
      expect(nameLabelProblem(label)).toBeUndefined()
  })

  it('names the first rule a label breaks', () => {
    expect(nameLabelProblem('al ice')).toBe(NameRuleText.CHARACTERS)
    expect(nameLabelProblem('alice.eth')).toBe(NameRuleText.CHARACTERS)
    expect(nameLabelProblem('ålice')).toBe(NameRuleText.CHARACTERS)
    expect(nameLabelProblem('alicé')).toBe(NameRuleText.CHARACTERS)
    expect(nameLabelProblem('abc')).toBe(NameRuleText.TOO_SHORT)
    expect(nameLabelProblem('')).toBe(NameRuleText.TOO_SHORT)
    expect(nameLabelProblem('x'.repeat(64))).toBe(NameRuleText.TOO_LONG)
    expect(nameLabelProblem('-alice')).toBe(NameRuleText.HYPHEN_EDGE)
    expect(nameLabelProblem('alice-')).toBe(NameRuleText.HYPHEN_EDGE)
    expect(nameLabelProblem('Admin')).toBe(NameRuleText.RESERVED)
  })

  it('keys addresses by the ENSIP-11 coin type of the chain', () => {
    expect(coinTypeOf(31337)).toBe(2147514985)
    expect(coinTypeOf(1)).toBe(2147483649)
  })

  it('signs the name, no records and the time in seconds', () => {
    expect(JSON.parse(nameStatement('alice.portico.id', 1_700_000_000_999))).toEqual({
      name: 'alice.portico.id',
      attributes: {},
      timestamp: 1_700_000_000,
    })
  })
})
