import { describe, expect, it } from 'vitest'
import {
  accountTypesOf,
  chainReadsOf,
  connectOptionsOf,
  createPageWagmiConfig,
  hiddenFeaturesOf,
  pageChain,
  socialsOf,
  themeModeOf,
} from './page-config.ts'
import { TEST_CONFIG } from './test-support.ts'

describe('where the demo page reads the chain', () => {
  it('reads the node straight unless ?rpc=services asks for the services’ proxy', () => {
    expect(chainReadsOf('')).toBe('node')
    expect(chainReadsOf('?signIn=off')).toBe('node')
    expect(chainReadsOf('?rpc=node')).toBe('node')
    expect(chainReadsOf('?signIn=off&rpc=services')).toBe('services')
  })

  it('points the transport at the node or at /v1/rpc for the chain and project', () => {
    const chain = pageChain(TEST_CONFIG)
    const urlOf = (reads: 'node' | 'services') =>
      createPageWagmiConfig(chain, TEST_CONFIG, reads).getClient().transport.url
    expect(urlOf('node')).toBe(TEST_CONFIG.rpcUrl)
    expect(urlOf('services')).toBe(
      `${TEST_CONFIG.servicesUrl}/v1/rpc?chainId=${TEST_CONFIG.chainId}&projectId=${TEST_CONFIG.projectId}`,
    )
  })
})

describe('the demo chain’s ENS resolver', () => {
  it('is the chain’s ensUniversalResolver when the page is given one, so viem resolves account names', () => {
    const address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    expect(pageChain({ ...TEST_CONFIG, ensUniversalResolver: address }).contracts).toEqual({
      ensUniversalResolver: { address },
    })
    expect(pageChain(TEST_CONFIG).contracts).toBeUndefined()
  })
})

describe('the social logins the demo page is asked for', () => {
  it('are the known ones named in ?socials, in their order; none named keeps the defaults', () => {
    expect(socialsOf('')).toEqual({})
    expect(socialsOf('?socials=telegram,google')).toEqual({ socials: ['telegram', 'google'] })
    expect(socialsOf('?socials=myspace,x')).toEqual({ socials: ['x'] })
  })
})

describe('wallet features the demo page leaves out', () => {
  it('are the known ones named in ?hide, switched off; anything else is ignored', () => {
    expect(hiddenFeaturesOf('')).toEqual({})
    expect(hiddenFeaturesOf('?hide=onramp,swaps')).toEqual({ onramp: false, swaps: false })
    expect(hiddenFeaturesOf('?rpc=services&hide=send,email,__proto__')).toEqual({ send: false })
    expect(hiddenFeaturesOf('?hide=socials')).toEqual({ socials: false })
  })
})

describe('Connect options the demo page is asked for', () => {
  it('are off and in the default order without parameters', () => {
    expect(connectOptionsOf('', 'https://page.example')).toEqual({
      features: {
        legalCheckbox: false,
        collapseWallets: false,
        emailShowWallets: true,
        connectMethodsOrder: undefined,
        connectorTypeOrder: undefined,
        walletFeaturesOrder: undefined,
      },
    })
  })

  it('turns on the legal checkbox with the page’s links, the folded wallets and the known orders', () => {
    const options = connectOptionsOf(
      '?legal=on&wallets=hide-under-email&methods=wallet,nope,social&walletFeatures=send,receive',
      'https://page.example',
    )
    expect(options).toMatchObject({
      termsConditionsUrl: 'https://page.example/terms',
      privacyPolicyUrl: 'https://page.example/privacy',
      features: {
        legalCheckbox: true,
        emailShowWallets: false,
        connectMethodsOrder: ['wallet', 'social'],
        walletFeaturesOrder: ['send', 'receive'],
      },
    })
    expect(connectOptionsOf('?wallets=collapse', 'https://page.example').features.collapseWallets).toBe(true)
  })
})

describe('which account e-mail users connect with', () => {
  it('the smart account unless ?account=eoa turns it off', () => {
    expect(accountTypesOf('?signIn=off')).toEqual({})
    expect(accountTypesOf('?signIn=off&account=eoa')).toEqual({ eip155: 'eoa' })
    expect(themeModeOf('?signIn=off')).toBe('dark')
    expect(themeModeOf('?signIn=off&theme=light')).toBe('light')
  })
})
