import type { SIWXSession } from '@portico/core'
import { describe, expect, it } from 'vitest'
import type { PageConfig } from './page-config.ts'
import { renderAppHtml, renderPage } from './render.tsx'
import { signInModeOf } from './siwx.ts'

const config: PageConfig = {
  projectId: '0123456789abcdef0123456789abcdef',
  servicesUrl: 'http://127.0.0.1:3001',
  rpcUrl: 'http://127.0.0.1:8545',
  chainId: 31337,
  chainName: 'Anvil',
}
const address = '0x976EA74026E726554dB657fA54763abd0C3a0aa9'
const session: SIWXSession = {
  id: 'c3cadfd130bdaf350f839daf14fcbae8',
  message: 'signed text',
  signature: '0x12',
  data: {
    accountAddress: address,
    chainId: 'eip155:31337',
    domain: 'page',
    uri: 'http://page',
    version: '1',
    nonce: 'abcdefgh',
  },
}

describe('server render of the sign-in state', () => {
  it('shows the signed-in address from the session the cookie resolved to', () => {
    const html = renderAppHtml(config, '', { signIn: 'required', siwxSession: session })
    expect(html).toContain(`Signed in as ${address}`)
    expect(html).toContain('Sign out')
  })

  it('shows "Not signed in" without a session, and hands the state to the browser', () => {
    expect(renderAppHtml(config, '')).toContain('Not signed in')
    const page = renderPage(config, '', 'assets/e.js', [], [], { signIn: 'optional', siwxSession: null })
    expect(page).toContain(
      '<script type="application/json" id="portico-state">{"signIn":"optional","siwxSession":null}</script>',
    )
  })

  it('offers sign-in as optional unless the address asks for required or off', () => {
    expect(signInModeOf('?signIn=required')).toBe('required')
    expect(signInModeOf('?signIn=optional')).toBe('optional')
    expect(signInModeOf('?signIn=off')).toBe('off')
    expect(signInModeOf('?signIn=yes')).toBe('optional')
    expect(signInModeOf('')).toBe('optional')
  })
})
