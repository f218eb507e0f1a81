import type { EmbeddedHost } from '@portico/core/internal'
import { classifyRpcMethod, ErrorText } from '@portico/core/shared'
import {
  InternalRpcError,
  numberToHex,
  SwitchChainError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
} from 'viem'
import type { FrameClient } from './frame-client.ts'
import { FrameError } from './frame-error.ts'

interface EmbeddedProviderParameters {
  frame: FrameClient
  chainId: number
  accounts(): readonly `0x${string}`[]
  host(): EmbeddedHost | undefined
}

export type EmbeddedProvider = ReturnType<typeof createEmbeddedProvider>

/**
 * The provider the dapp's wagmi talks to. Every call obeys the RPC policy (behaviour §6): safe methods
 * go straight to the frame; not-safe ones go to the frame too, which shows them and waits for a
 * click on its own Approve button while the modal shows ApproveTransaction; anything else is
 * refused with 4200 before it leaves the page.
 */
export function createEmbeddedProvider(parameters: EmbeddedProviderParameters) {
  const { frame, chainId } = parameters
  async function viaFrame(method: string, params: unknown, signal?: AbortSignal): Promise<unknown> {
    try {
      return (await frame.request('RPC_REQUEST', { method, params }, signal)).result
    } catch (error) {
      if (error instanceof FrameError) {
        if (error.alert) parameters.host()?.alert(error.alert)
        // A frame error with a code already is an EIP-1193 error (the code the frame or the chain
        // gave); one without is the frame's own failure.
        throw error.code === undefined ? new InternalRpcError(error) : error
      }
      throw error
    }
  }
  return {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [...parameters.accounts()]
        case 'eth_chainId':
          return numberToHex(chainId)
        case 'wallet_switchEthereumChain': {
          const wanted = (params as [{ chainId?: string }] | undefined)?.[0]?.chainId
          if (wanted !== undefined && Number(wanted) === chainId) return null
          throw new SwitchChainError(new Error(ErrorText.CHAIN_NOT_SUPPORTED))
        }
      }
      const kind = classifyRpcMethod(method)
      if (kind === 'rejected') {
        parameters.host()?.disallowed(method)
        throw new UnsupportedProviderMethodError(new Error(ErrorText.RPC_NOT_ALLOWED))
      }
      if (kind === 'approval') {
        const host = parameters.host()
        if (!host) throw new UnauthorizedProviderError(new Error('No modal to approve this request in'))
        // The frame shows the request and takes the user's answer; the modal only keeps its place.
        const withdraw = new AbortController()
        const done = host.approving({ method, params }, () => withdraw.abort())
        try {
          return await viaFrame(method, params, withdraw.signal)
        } finally {
          done()
        }
      }
      return viaFrame(method, params)
    },
    // wagmi subscribes for wallet-initiated changes; this wallet only changes through the modal.
    on() {},
    removeListener() {},
  }
}
