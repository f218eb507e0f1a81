import { defineChain } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { el } from '../../dashboard/app/dom.ts'
import { DEV_WALLET_CONFIG_ID, DevWalletConfig } from '../config.ts'
import { describeRequest } from './requests.ts'
import { startWallet, type WalletState } from './wallet.ts'
import '../../http/dark-page.css'
import './dev-wallet.css'

// The dev wallet page: everything from elements and text nodes (a dapp's name, a message to sign
// are shown as text, never as markup), with the dashboard's helper, under the services' strict CSP.
function button(label: string, onClick: () => void, className = ''): HTMLButtonElement {
  const element = el('button', { type: 'button', class: className }, label)
  element.addEventListener('click', onClick)
  return element
}

async function boot() {
  const raw = document.getElementById(DEV_WALLET_CONFIG_ID)?.textContent ?? '{}'
  const config = DevWalletConfig.parse(JSON.parse(raw))
  const account = privateKeyToAccount(config.privateKey as `0x${string}`)
  const chain = defineChain({
    id: config.chainId,
    name: 'Development chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
  })
  const status = document.getElementById('status') as HTMLElement
  const sections = document.getElementById('sections') as HTMLElement
  const form = document.getElementById('pair') as HTMLFormElement
  const input = document.getElementById('uri') as HTMLInputElement
  ;(document.getElementById('address') as HTMLElement).textContent = account.address

  const wallet = await startWallet(config, { account, chain }, render)
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const uri = input.value.trim()
    if (!uri.startsWith('wc:')) {
      status.textContent = 'Paste a WalletConnect URI: it starts with wc:'
      return
    }
    input.value = ''
    void wallet.pair(uri)
  })
  // A deep link (/dev/wallet?uri=wc:… or /dev/wallet/wc?uri=…) pairs at once, then the URI leaves the address bar.
  const linked = new URLSearchParams(location.search).get('uri')
  if (linked?.startsWith('wc:')) {
    history.replaceState(null, '', location.pathname)
    void wallet.pair(linked)
  }

  function render(state: WalletState) {
    status.textContent = state.status
    const proposals = state.proposals.map((proposal) => {
      const { metadata } = proposal.params.proposer
      return el(
        'article',
        { class: 'card', 'aria-label': `Connection request from ${metadata.name}` },
        el('h2', {}, `${metadata.name} wants to connect`),
        el('p', { class: 'muted' }, metadata.url),
        el('p', {}, `Account: ${account.address}`),
        el(
          'div',
          { class: 'actions' },
          button('Reject', () => void wallet.rejectProposal(proposal), 'secondary'),
          button('Approve', () => void wallet.approveProposal(proposal)),
        ),
      )
    })
    const requests = state.requests.map((request) => {
      const { method, params } = request.params.request
      const { title, lines } = describeRequest(method, params)
      return el(
        'article',
        { class: 'card', 'aria-label': title },
        el('h2', {}, title),
        el('p', { class: 'muted' }, method),
        ...lines.map((line) => el('pre', {}, line)),
        el(
          'div',
          { class: 'actions' },
          button('Reject', () => void wallet.rejectRequest(request), 'secondary'),
          button('Approve', () => void wallet.approveRequest(request)),
        ),
      )
    })
    const sessions = el(
      'section',
      { class: 'card', 'aria-labelledby': 'sessions-title' },
      el('h2', { id: 'sessions-title' }, 'Connected dapps'),
      state.sessions.length === 0
        ? el('p', { class: 'muted' }, 'None yet')
        : el(
            'ul',
            { class: 'sessions' },
            ...state.sessions.map((session) =>
              el(
                'li',
                {},
                el('span', {}, `${session.name} `, el('span', { class: 'muted' }, session.url)),
                button(
                  `Disconnect ${session.name}`,
                  () => void wallet.disconnect(session.topic),
                  'secondary',
                ),
              ),
            ),
          ),
    )
    sections.replaceChildren(...proposals, ...requests, sessions)
  }
}

boot().catch((error: unknown) => {
  const status = document.getElementById('status')
  if (status)
    status.textContent = `The dev wallet could not start: ${error instanceof Error ? error.message : String(error)}`
})
