import { type SocialProvider, servicesTransport, walletConnect } from '@portico/core'
import { embeddedWallet } from '@portico/embedded'
import { cookieStorage, createConfig, createStorage, http } from '@wagmi/core'
import { type Address, type Chain, defineChain } from 'viem'

/** What the page server hands the browser (as JSON in the HTML) so both build the same config. */
export interface PageConfig {
  projectId: string
  servicesUrl: string
  rpcUrl: string
  chainId: number
  chainName: string
  /**
   * The chain's ENS resolver for account names (PorticoNameResolver, `npm start` deploys it): viem's
   * getEnsName/getEnsAddress/getEnsText on this chain call it. Absent, the chain has no ENS.
   */
  ensUniversalResolver?: string
  /** The token the page's "Send a batch" transfers (the demo USDC `npm start` deploys); absent, no batch. */
  demoToken?: DemoToken
}

/** A token of the page's chain, as the batch action needs it. */
export interface DemoToken {
  address: Address
  symbol: string
  decimals: number
}

export function pageChain(config: PageConfig): Chain {
  return defineChain({
    id: config.chainId,
    name: config.chainName,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
    ...(config.ensUniversalResolver
      ? { contracts: { ensUniversalResolver: { address: config.ensUniversalResolver as Address } } }
      : {}),
  })
}

/**
 * Where the page's wagmi config reads the chain: its node straight (the default, as a dapp with its
 * own RPC URL does), or through the services' RPC proxy with `?rpc=services`.
 */
export type ChainReads = 'node' | 'services'

export function chainReadsOf(search: string): ChainReads {
  return new URLSearchParams(search).get('rpc') === 'services' ? 'services' : 'node'
}

/**
 * `createPortico`'s `defaultAccountTypes` for the page's address: `?account=eoa` connects e-mail
 * users with their key's own account, as a dapp that turned smart accounts off does.
 */
export function accountTypesOf(search: string): { eip155?: 'eoa' } {
  return new URLSearchParams(search).get('account') === 'eoa' ? { eip155: 'eoa' } : {}
}

/** `createPortico`'s `themeMode` for the page's address: dark, or light with `?theme=light`. */
export function themeModeOf(search: string): 'light' | 'dark' {
  return new URLSearchParams(search).get('theme') === 'light' ? 'light' : 'dark'
}

/** Every social login `features.socials` names, as core's options accept them. */
const SOCIALS: readonly SocialProvider[] = [
  'google',
  'x',
  'discord',
  'farcaster',
  'github',
  'apple',
  'facebook',
  'telegram',
]

/**
 * `features.socials` asked for in the address, in its order, e.g. `?socials=telegram,google` (so a
 * visitor and the e2e suite meet a provider the defaults leave out); unknown names are ignored.
 */
export function socialsOf(search: string): { socials?: SocialProvider[] } {
  const asked = new URLSearchParams(search).get('socials')?.split(',')
  if (!asked) return {}
  return { socials: asked.filter((name): name is SocialProvider => SOCIALS.includes(name as SocialProvider)) }
}

/** The features the demo page can be asked to leave out, e.g. `?hide=onramp,swaps` or `?hide=socials`. */
const HIDEABLE = ['onramp', 'swaps', 'receive', 'send', 'socials'] as const
type HideableFeature = (typeof HIDEABLE)[number]

/**
 * `createPortico`'s `features` for the page's address: the `hide` list switched off, so a visitor
 * (and the e2e suite) sees the page as a dapp that turned them off does. Unknown names are ignored.
 */
export function hiddenFeaturesOf(search: string): Partial<Record<HideableFeature, false>> {
  const hide = new URLSearchParams(search).get('hide')?.split(',') ?? []
  return Object.fromEntries(
    HIDEABLE.filter((feature) => hide.includes(feature)).map((feature) => [feature, false]),
  )
}

const CONNECT_METHODS = ['email', 'social', 'wallet'] as const
const CONNECTOR_GROUPS = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const
const WALLET_FEATURES = ['onramp', 'swaps', 'receive', 'send'] as const

/** The known names of a comma-separated parameter, in its order. */
function listOf<T extends string>(
  params: URLSearchParams,
  name: string,
  known: readonly T[],
): T[] | undefined {
  const named = params.get(name)?.split(',')
  return named
    ? known.filter((value) => named.includes(value)).sort((a, b) => named.indexOf(a) - named.indexOf(b))
    : undefined
}

/**
 * Connect's options for the page's address, so a visitor (and the e2e suite) sees Connect as a dapp
 * that set them does: `?legal=on` asks for the legal checkbox with the page's own terms and privacy
 * links, `?wallets=collapse` or `?wallets=hide-under-email` folds the wallets behind one button, and
 * `?methods=`, `?groups=`, `?walletFeatures=` give the three orders (unknown names are ignored).
 */
export function connectOptionsOf(search: string, origin: string) {
  const params = new URLSearchParams(search)
  const wallets = params.get('wallets')
  const legal = params.get('legal') === 'on'
  return {
    features: {
      legalCheckbox: legal,
      collapseWallets: wallets === 'collapse',
      emailShowWallets: wallets !== 'hide-under-email',
      connectMethodsOrder: listOf(params, 'methods', CONNECT_METHODS),
      connectorTypeOrder: listOf(params, 'groups', CONNECTOR_GROUPS),
      walletFeaturesOrder: listOf(params, 'walletFeatures', WALLET_FEATURES),
    },
    ...(legal ? { termsConditionsUrl: `${origin}/terms`, privacyPolicyUrl: `${origin}/privacy` } : {}),
  }
}

/**
 * The dapp's own wagmi config. Cookie storage lets the server render from the same state the
 * browser holds, so a reload shows the connected account in the first HTML (the server reads no
 * chain, so its config keeps the default transport).
 */
export function createPageWagmiConfig(
  chain: Chain,
  services: Pick<PageConfig, 'servicesUrl' | 'projectId'>,
  reads: ChainReads = 'node',
) {
  return createConfig({
    chains: [chain],
    // E-mail login: the embedded wallet's secure frame lives on the services origin. WalletConnect:
    // Portico's options name its relay (the services' own by default); its SDK loads on first use.
    connectors: [
      embeddedWallet({ servicesUrl: services.servicesUrl, projectId: services.projectId }),
      walletConnect(),
    ],
    ssr: true,
    storage: createStorage({ storage: cookieStorage }),
    transports: {
      [chain.id]:
        reads === 'services'
          ? servicesTransport({
              servicesUrl: services.servicesUrl,
              projectId: services.projectId,
              chainId: chain.id,
            })
          : http(chain.rpcUrls.default.http[0]),
    },
  })
}
