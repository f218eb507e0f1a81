import { createPortico } from '@portico/core'
import { PorticoProvider } from '@portico/react'
import { cookieToInitialState } from '@wagmi/core'
import { hydrateRoot } from 'react-dom/client'
import { App } from './App.tsx'
import {
  accountTypesOf,
  chainReadsOf,
  connectOptionsOf,
  createPageWagmiConfig,
  hiddenFeaturesOf,
  type PageConfig,
  pageChain,
  socialsOf,
  themeModeOf,
} from './page-config.ts'
import { type PageState, pageSiwx } from './siwx.ts'

const config = JSON.parse(document.getElementById('portico-config')?.textContent ?? '{}') as PageConfig
const state = JSON.parse(document.getElementById('portico-state')?.textContent ?? '{}') as Partial<PageState>
const chain = pageChain(config)
const wagmiConfig = createPageWagmiConfig(chain, config, chainReadsOf(location.search))
const connect = connectOptionsOf(location.search, location.origin)
const portico = createPortico({
  ...connect,
  wagmiConfig,
  initialState: cookieToInitialState(wagmiConfig, document.cookie),
  projectId: config.projectId,
  servicesUrl: config.servicesUrl,
  networks: [chain],
  metadata: {
    name: 'Portico',
    description: 'Self-hosted wallet connection',
    url: location.origin,
    icons: [],
  },
  isMobile: /Mobi|Android/i.test(navigator.userAgent),
  // Only the account modal shows these, and the server renders it closed: no hydration mismatch.
  features: {
    ...connect.features,
    pay: true,
    ...socialsOf(location.search),
    ...hiddenFeaturesOf(location.search),
  },
  defaultAccountTypes: accountTypesOf(location.search),
  themeMode: themeModeOf(location.search),
  siwx: pageSiwx(config, state.signIn ?? 'off'),
  siwxSession: state.siwxSession ?? undefined,
  identity: state.identity ?? undefined,
})

const root = document.getElementById('root')
if (root)
  hydrateRoot(
    root,
    <PorticoProvider portico={portico}>
      <App demoToken={config.demoToken} />
    </PorticoProvider>,
  )
