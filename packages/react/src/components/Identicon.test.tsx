import fc from 'fast-check'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Identicon, identicon } from './Identicon.tsx'

const DEV = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
]

const fingerprint = (address: string) => JSON.stringify(identicon(address))
const hexAddress = fc
  .array(fc.constantFrom(...'0123456789abcdef'), { minLength: 40, maxLength: 40 })
  .map((digits) => `0x${digits.join('')}`)

describe('identicon', () => {
  it('draws the same picture for the same address, whichever way it is spelled', () => {
    for (const address of DEV) {
      expect(fingerprint(address)).toBe(fingerprint(address))
      expect(fingerprint(address.toLowerCase())).toBe(fingerprint(address))
    }
    expect(renderToString(<Identicon address={DEV[0] as string} />)).toBe(
      renderToString(<Identicon address={(DEV[0] as string).toLowerCase()} />),
    )
  })

  it('draws different pictures for different addresses, even one character apart', () => {
    expect(new Set(DEV.map(fingerprint)).size).toBe(DEV.length)
    fc.assert(
      fc.property(hexAddress, fc.integer({ min: 2, max: 41 }), (address, position) => {
        const digit = address[position] === 'a' ? 'b' : 'a'
        const other = `${address.slice(0, position)}${digit}${address.slice(position + 1)}`
        expect(fingerprint(other)).not.toBe(fingerprint(address))
      }),
    )
  })

  it('is a gradient of two colours with two glows inside the square, drawn as an inline SVG hidden from assistive technology', () => {
    fc.assert(
      fc.property(hexAddress, (address) => {
        const { from, to, glows } = identicon(address)
        expect(from).toMatch(/^hsl\(\d+ \d+% \d+%\)$/)
        expect(to).not.toBe(from)
        expect(glows).toHaveLength(2)
        for (const glow of glows) {
          expect(glow.x).toBeGreaterThanOrEqual(0)
          expect(glow.x).toBeLessThanOrEqual(1)
          expect(glow.y).toBeGreaterThanOrEqual(0)
          expect(glow.y).toBeLessThanOrEqual(1)
        }
      }),
    )
    const markup = renderToString(<Identicon address={DEV[1] as string} size={48} />)
    expect(markup).toMatch(/^<span class="identicon"[^>]*aria-hidden="true"><svg width="48" height="48"/)
    // No blocks: the picture is gradients only.
    expect(markup).not.toMatch(/<path/)
    expect(markup.match(/Gradient id=/g)).toHaveLength(3)
  })

  it('gives each address its own gradient ids, so two pictures on one page never share colours by accident', () => {
    const [first, second] = [identicon(DEV[0] as string), identicon(DEV[1] as string)]
    expect(first.id).not.toBe(second.id)
    expect(identicon((DEV[0] as string).toLowerCase()).id).toBe(first.id)
  })
})
