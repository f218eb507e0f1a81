import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import type { Chain } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import type { DevWalletConfig } from '../config.ts'
import { ANSWERED_METHODS, answerRequest } from './requests.ts'

type Kit = Awaited<ReturnType<typeof WalletKit.init>>
export type Proposal = WalletKitTypes.SessionProposal
export type SessionRequest = WalletKitTypes.SessionRequest

interface PeerSession {
  topic: string
  name: string
  url: string
}

export interface WalletState {
  proposals: Proposal[]
  requests: SessionRequest[]
  sessions: PeerSession[]
  /** The last thing that happened, said to the person (and to screen readers). */
  status: string
}

/**
 * The dev wallet over walletkit 1.2.10 (the last Apache-2.0 version): pairs from a `wc:` URI, holds
 * proposals and requests until the person decides, answers with the dev key.
 */
export async function startWallet(
  config: DevWalletConfig,
  context: { account: PrivateKeyAccount; chain: Chain },
  onChange: (state: WalletState) => void,
) {
  const core = new Core({
    projectId: config.projectId,
    relayUrl: config.relayUrl,
    telemetryEnabled: false,
    customStoragePrefix: 'portico-dev-wallet',
  })
  const kit: Kit = await WalletKit.init({
    core,
    metadata: {
      name: 'Portico dev wallet',
      description: 'The development wallet of the Portico services',
      url: location.origin,
      icons: [],
    },
  })
  const state: WalletState = { proposals: [], requests: [], sessions: [], status: 'Ready' }
  const changed = (status?: string) => {
    if (status) state.status = status
    state.sessions = Object.values(kit.getActiveSessions()).map((session) => ({
      topic: session.topic,
      name: session.peer.metadata.name,
      url: session.peer.metadata.url,
    }))
    onChange({ ...state })
  }
  const caip = `eip155:${config.chainId}`

  kit.on('session_proposal', (proposal) => {
    state.proposals.push(proposal)
    changed(`${proposal.params.proposer.metadata.name} wants to connect`)
  })
  kit.on('session_request', (request) => {
    state.requests.push(request)
    changed(`New request: ${request.params.request.method}`)
  })
  kit.on('session_delete', () => changed('The dapp disconnected'))

  const dropProposal = (id: number) => {
    state.proposals = state.proposals.filter((proposal) => proposal.id !== id)
  }
  const dropRequest = (id: number) => {
    state.requests = state.requests.filter((request) => request.id !== id)
  }
  const attempt = async (run: () => Promise<string>) => {
    try {
      changed(await run())
    } catch (error) {
      changed(`Failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  changed()
  return {
    pair: (uri: string) =>
      attempt(async () => {
        await kit.pair({ uri })
        return 'Paired: waiting for the proposal'
      }),
    approveProposal: (proposal: Proposal) =>
      attempt(async () => {
        dropProposal(proposal.id)
        const namespaces = buildApprovedNamespaces({
          proposal: proposal.params,
          supportedNamespaces: {
            eip155: {
              chains: [caip],
              methods: [...ANSWERED_METHODS],
              events: ['accountsChanged', 'chainChanged'],
              accounts: [`${caip}:${context.account.address}`],
            },
          },
        })
        await kit.approveSession({ id: proposal.id, namespaces })
        return `Connected to ${proposal.params.proposer.metadata.name}`
      }),
    rejectProposal: (proposal: Proposal) =>
      attempt(async () => {
        dropProposal(proposal.id)
        await kit.rejectSession({ id: proposal.id, reason: getSdkError('USER_REJECTED') })
        return 'Connection rejected'
      }),
    approveRequest: (request: SessionRequest) =>
      attempt(async () => {
        dropRequest(request.id)
        const { method, params } = request.params.request
        try {
          const result = await answerRequest(method, params, { ...context, rpcUrl: config.rpcUrl })
          await kit.respondSessionRequest({
            topic: request.topic,
            response: { id: request.id, jsonrpc: '2.0', result },
          })
          return `Approved ${method}`
        } catch (error) {
          await kit.respondSessionRequest({
            topic: request.topic,
            response: {
              id: request.id,
              jsonrpc: '2.0',
              error: { code: -32603, message: error instanceof Error ? error.message : String(error) },
            },
          })
          throw error
        }
      }),
    rejectRequest: (request: SessionRequest) =>
      attempt(async () => {
        dropRequest(request.id)
        await kit.respondSessionRequest({
          topic: request.topic,
          response: {
            id: request.id,
            jsonrpc: '2.0',
            error: { code: 4001, message: 'User rejected the request.' },
          },
        })
        return `Rejected ${request.params.request.method}`
      }),
    disconnect: (topic: string) =>
      attempt(async () => {
        await kit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') })
        return 'Disconnected'
      }),
  }
}
