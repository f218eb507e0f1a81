import { type KeyboardEvent, useId, useRef, useState } from 'react'
import type { ViewProps } from '../types.ts'
import { ActivityTab } from './ActivityTab.tsx'
import { NftsTab } from './NftsTab.tsx'
import { TokensTab } from './TokensTab.tsx'

const TABS = [
  { id: 'tokens', label: 'Tokens', Panel: TokensTab },
  { id: 'nfts', label: 'NFTs', Panel: NftsTab },
  { id: 'activity', label: 'Activity', Panel: ActivityTab },
] as const

/**
 * Tokens / NFTs / Activity (behaviour §2) as a WAI-ARIA tablist: one tab in the Tab order, arrow keys,
 * Home and End move between tabs and select them.
 */
export function AccountTabs({ portico }: ViewProps) {
  const history = portico.options.features.history
  const visible = TABS.filter((tab) => tab.id !== 'activity' || history)
  const [selected, setSelected] = useState(() => {
    const asked = portico.router.store.getState().data?.accountTab
    return Math.max(
      0,
      visible.findIndex((tab) => tab.id === asked),
    )
  })
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const baseId = useId()

  const current = visible[selected] ?? visible[0]

  const select = (index: number) => {
    const next = (index + visible.length) % visible.length
    setSelected(next)
    tabs.current[next]?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: visible.length - 1,
    }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    select(target)
  }

  if (!current) return null
  const Panel = current.Panel
  return (
    <div className="stack">
      <div className="tablist" role="tablist" aria-label="Account" onKeyDown={onKeyDown}>
        {visible.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabs.current[index] = element
            }}
            type="button"
            role="tab"
            className="tab"
            id={`${baseId}-${tab.id}-tab`}
            aria-selected={index === selected}
            aria-controls={`${baseId}-${tab.id}-panel`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        className="panel"
        role="tabpanel"
        id={`${baseId}-${current.id}-panel`}
        aria-labelledby={`${baseId}-${current.id}-tab`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling tab panel must be reachable by keyboard
        tabIndex={0}
      >
        <Panel portico={portico} />
      </div>
    </div>
  )
}
