import { describe, expect, it } from 'vitest'
import { safeImageUrl } from './image-url.ts'

describe('safeImageUrl', () => {
  it('lets data: images and http(s) URLs through', () => {
    expect(safeImageUrl('data:image/svg+xml;base64,PHN2Zz4=')).toBe('data:image/svg+xml;base64,PHN2Zz4=')
    expect(safeImageUrl('https://cdn.test/usdc.png')).toBe('https://cdn.test/usdc.png')
    expect(safeImageUrl('http://127.0.0.1:3001/v1/icons/x.svg')).toBe('http://127.0.0.1:3001/v1/icons/x.svg')
  })

  it('refuses scripts, other data, other schemes and garbage', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'ipfs://Qm',
      '/relative.png',
      '',
      undefined,
      null,
    ]) {
      expect(safeImageUrl(url)).toBeUndefined()
    }
  })
})
