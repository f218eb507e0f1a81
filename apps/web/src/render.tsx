import { createPortico } from '@portico/core'
import { EARLY_CLICK_SCRIPT, PorticoProvider } from '@portico/react'
import { cookieToInitialState } from '@wagmi/core'
import { renderToString } from 'react-dom/server'
import { App } from './App.tsx'
import { createPageWagmiConfig, type PageConfig, pageChain } from './page-config.ts'
import { PAGE_CSS } from './page-css.ts'
import { type PageState, pageSiwx } from './siwx.ts'

const SIGNED_OUT: PageState = { signIn: 'off', siwxSession: null }

/** Renders the app for one request, from the wagmi state in that request's cookie. */
export function renderAppHtml(config: PageConfig, cookie: string, state: PageState = SIGNED_OUT): string {
  const chain = pageChain(config)
  const wagmiConfig = createPageWagmiConfig(chain, config)
  const portico = createPortico({
    wagmiConfig,
    initialState: cookieToInitialState(wagmiConfig, cookie),
    projectId: config.projectId,
    servicesUrl: config.servicesUrl,
    networks: [chain],
    siwx: pageSiwx(config, state.signIn),
    siwxSession: state.siwxSession ?? undefined,
    identity: state.identity ?? undefined,
  })
  return renderToString(
    <PorticoProvider portico={portico}>
      <App demoToken={config.demoToken} />
    </PorticoProvider>,
  )
}

/** The whole HTML document: the rendered app, the page config for hydration, and the bundle's files. */
export function renderPage(
  config: PageConfig,
  cookie: string,
  script: string,
  preloads: string[],
  css: string[],
  state: PageState = SIGNED_OUT,
) {
  const pageConfig: PageConfig = {
    projectId: config.projectId,
    servicesUrl: config.servicesUrl,
    rpcUrl: config.rpcUrl,
    chainId: config.chainId,
    chainName: config.chainName,
    // The browser's chain resolves account names through the same resolver.
    ...(config.ensUniversalResolver ? { ensUniversalResolver: config.ensUniversalResolver } : {}),
    ...(config.demoToken ? { demoToken: config.demoToken } : {}),
  }
  const body = renderAppHtml(pageConfig, cookie, state)
  // `<` is escaped so no value in the config can close the script element.
  const json = JSON.stringify(pageConfig).replace(/</g, '\\u003c')
  const stateJson = JSON.stringify(state).replace(/</g, '\\u003c')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Portico — self-hosted wallet connection</title>
<style>${PAGE_CSS}</style>
${css.map((file) => `<link rel="stylesheet" href="/${file}">`).join('\n')}
${preloads.map((file) => `<link rel="modulepreload" href="/${file}">`).join('\n')}
<script>${EARLY_CLICK_SCRIPT}</script>
<script type="module" src="/${script}"></script>
</head>
<body>
<div id="root">${body}</div>
<script type="application/json" id="portico-config">${json}</script>
<script type="application/json" id="portico-state">${stateJson}</script>
</body>
</html>`
}
