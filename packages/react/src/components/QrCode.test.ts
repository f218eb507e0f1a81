import { encode } from 'uqr'
import { describe, expect, it } from 'vitest'
import { qrPath } from './QrCode.tsx'

describe('qrPath', () => {
  it('draws exactly the dark modules of the matrix, inside its bounds', () => {
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const { path, modules } = qrPath(address)
    const matrix = encode(address, { ecc: 'M', border: 2 }).data
    expect(modules).toBe(matrix.length)
    const squares = [...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map(([, x, y]) => [Number(x), Number(y)])
    expect(squares.length).toBe(matrix.flat().filter(Boolean).length)
    for (const [x = -1, y = -1] of squares) expect(matrix[y]?.[x]).toBe(true)
    // The quiet zone stays light.
    expect(squares.some(([x, y]) => x === 0 || y === 0)).toBe(false)
  })
})
