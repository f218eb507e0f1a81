/**
 * Small helpers that turn the modal's moments into behaviour §7 events; in the first download, so
 * they hold no analytics code, only names and properties.
 */
import type { Connector } from '@wagmi/core'
import { rdnsOf } from '../connectors.ts'
import { AUTH_CONNECTOR_TYPE } from '../embedded/types.ts'
import type { SiwxFlow } from '../siwx/flow.ts'
import type { Analytics } from './client.ts'
import { AnalyticsEventName, type ConnectMethod } from './names.ts'

/** The properties of SELECT_WALLET, CONNECT_SUCCESS and CONNECT_ERROR. */
export type WalletProperties =
  | { method: ConnectMethod; name: string }
  | { method: ConnectMethod; name: string; rdns: string }

/** `login`: how the embedded wallet's user logged in (e-mail when not said). */
export function walletOf(
  connector: Pick<Connector, 'id' | 'type' | 'name' | 'rdns'>,
  login: ConnectMethod = 'email',
): WalletProperties {
  const method: ConnectMethod = connector.type === AUTH_CONNECTOR_TYPE ? login : 'browser'
  const rdns = rdnsOf(connector as Connector)
  return rdns ? { method, name: connector.name, rdns } : { method, name: connector.name }
}

/** Sign-in's own events (siwx/flow.ts) as analytics events; the session's address is not sent. */
export function reportSiwxEvents(siwx: Pick<SiwxFlow, 'onEvent'>, analytics: Analytics): () => void {
  return siwx.onEvent((event) => {
    if (event.type === 'SIWX_AUTH_SUCCESS') void analytics.track(AnalyticsEventName.SIWX_AUTH_SUCCESS)
    else void analytics.trackError(AnalyticsEventName.SIWX_AUTH_ERROR, event.error)
  })
}
