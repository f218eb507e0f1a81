import type { ConnectMethod } from '@portico/core'
import { orderConnectMethods } from '@portico/core/internal'
import { Fragment, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { WalletIcon } from '../components/wallet-icons.tsx'
import { useStore } from '../hooks.ts'
import './connect/connect-css.ts'
import { useLegalConsent } from './connect/legal-consent.ts'
import { WalletList } from './connect/WalletList.tsx'
import { EmailField } from './email/EmailField.tsx'
import { lazyPart, useLazyPart } from './lazy-part.ts'
import { offeredSocials } from './social/providers.ts'
import { SocialButtons } from './social/SocialButtons.tsx'
import type { ViewProps } from './types.ts'
import { usePhone } from './use-phone.ts'

// Only a page that asks for the legal checkbox loads it; the ways in are held back meanwhile.
const legalCheckbox = lazyPart(() => import('./connect/LegalCheckbox.tsx'))

export default function Connect({ portico }: ViewProps) {
  const { list } = useStore(portico.connectors)
  const phone = usePhone()
  // The services' wallet list: asked once, when Connect first shows; its code loads then.
  useEffect(() => portico.explorer.load(), [portico])
  const { features } = portico.options
  const legal = useLegalConsent(portico)
  const LegalCheckbox = useLazyPart(legalCheckbox, legal.asked)?.default
  const reasonId = useId()
  const [walletsOpened, setWalletsOpened] = useState(false)
  const walletsRef = useRef<HTMLDivElement>(null)
  // E-mail and social login both log into the embedded wallet: offered when its connector is here.
  const emailAvailable = portico.embedded.isAvailable()
  const socials = emailAvailable ? offeredSocials(features.socials) : []
  const methods = orderConnectMethods({
    hostOrder: portico.options.connectMethodsOrder,
    hasUsableWallet: list.length > 0,
  }).filter(
    (method) =>
      method === 'wallet' ||
      (method === 'email' && emailAvailable) ||
      (method === 'social' && socials.length > 0),
  )
  // Wallets behind one button: always with `collapseWallets`, and under the e-mail field unless
  // `emailShowWallets`. Only beside another way in: alone, the wallets are the view.
  const collapsed =
    !walletsOpened &&
    methods.length > 1 &&
    (features.collapseWallets || (!features.emailShowWallets && methods.includes('email')))

  // The button that opened the wallets is gone: focus goes to the first of them, not the page.
  useEffect(() => {
    if (walletsOpened) walletsRef.current?.querySelector<HTMLElement>('button, a')?.focus()
  }, [walletsOpened])

  // "or" only between the embedded wallet's ways in (e-mail, social) and a list of wallets.
  const divider = methods.length > 1 && methods.includes('wallet') && (list.length > 0 || collapsed)
  const methodView: Record<ConnectMethod, ReactNode> = {
    email: <EmailField portico={portico} />,
    social: <SocialButtons portico={portico} providers={socials} />,
    wallet: collapsed ? (
      <button type="button" className="secondary" onClick={() => setWalletsOpened(true)}>
        <WalletIcon size={20} />
        Continue with a wallet
      </button>
    ) : (
      <div className="stack" ref={walletsRef}>
        <WalletList
          portico={portico}
          phone={phone}
          emailShown={methods.includes('email')}
          agreed={legal.agreed}
        />
      </div>
    ),
  }
  return (
    <div className="stack">
      {LegalCheckbox && (
        <LegalCheckbox portico={portico} agreed={legal.agreed} agree={legal.agree} reasonId={reasonId} />
      )}
      {/* Unticked, every way in is disabled at once, and says why to assistive technology. */}
      <fieldset
        className="stack connect-methods"
        disabled={!legal.agreed}
        aria-describedby={legal.agreed || !LegalCheckbox ? undefined : reasonId}
      >
        {methods.map((method, index) => (
          <Fragment key={method}>
            {divider && index > 0 && (method === 'wallet' || methods[index - 1] === 'wallet') && (
              <div className="divider">
                <span>or</span>
              </div>
            )}
            {methodView[method]}
          </Fragment>
        ))}
      </fieldset>
    </div>
  )
}
