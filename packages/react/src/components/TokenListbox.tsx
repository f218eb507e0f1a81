import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { addViewCss } from '../modal/view-css.ts'
import { TokenIcon } from './TokenIcon.tsx'
import { ChevronIcon } from './wallet-icons.tsx'

addViewCss(`
.token-listbox { position: relative; }
.token-listbox .row-button { min-height: 48px; border-color: var(--portico-border); }
.token-listbox .row-button:focus-visible, .token-options:focus-visible { outline: 2px solid var(--portico-accent);
  outline-offset: 2px; }
.token-listbox .chevron { display: inline-flex; transform: rotate(90deg); }
.token-listbox [aria-expanded="true"] .chevron { transform: rotate(-90deg); }
.token-options { display: flex; flex-direction: column; gap: 4px; margin: 6px 0 0; padding: 6px;
  max-height: 240px; overflow-y: auto; border: 1px solid var(--portico-border);
  border-radius: calc(var(--portico-border-radius-master) * 4); background: var(--portico-bg); }
.token-option { display: flex; align-items: center; gap: 12px; min-height: 44px; padding: 6px 10px;
  border-radius: calc(var(--portico-border-radius-master) * 3); cursor: pointer; }
.token-option[data-active="true"] { background: var(--portico-bg-raised); outline: 1px solid var(--portico-accent); }
.token-option[aria-selected="true"] .symbol { color: var(--portico-accent-text); }
.token-option .label, .token-listbox .row-button .label { flex: 1; min-width: 0; display: flex; flex-direction: column; }
`)

/** One token the list offers: its symbol and name, its picture, and what the visitor holds of it. */
export interface TokenListOption {
  key: string
  symbol: string
  name: string
  iconUrl?: string | undefined
  /** `0.050 ETH`: the balance, shown at the row's end. */
  detail: string
}

/**
 * The token field of a form in the modal's own look: a row showing the chosen token that opens a
 * list of token rows (the WAI-ARIA listbox pattern: arrow keys, Home and End move, Enter or Space
 * picks, Escape closes, focus back on the row). Token names are text, never markup.
 */
export function TokenListbox({
  label,
  options,
  value,
  disabled = false,
  onChange,
}: {
  label: string
  options: readonly TokenListOption[]
  value: string | undefined
  disabled?: boolean
  onChange: (key: string) => void
}) {
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const ids = { label: useId(), list: useId(), option: useId() }
  const button = useRef<HTMLButtonElement>(null)
  const chosen = options.find((option) => option.key === value)

  const show = () => {
    if (disabled || options.length === 0) return
    setActive(Math.max(0, options.indexOf(chosen as TokenListOption)))
    setOpen(true)
  }
  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  const pick = (option: TokenListOption | undefined) => {
    if (option) onChange(option.key)
    close()
  }
  const onListKey = (event: KeyboardEvent) => {
    const last = options.length - 1
    const moves: Record<string, number> = {
      ArrowDown: Math.min(active + 1, last),
      ArrowUp: Math.max(active - 1, 0),
      Home: 0,
      End: last,
    }
    if (event.key in moves) setActive(moves[event.key] as number)
    else if (event.key === 'Enter' || event.key === ' ') pick(options[active])
    else if (event.key === 'Escape') close()
    else if (event.key === 'Tab') close()
    else return
    // Escape closes the list only, not the modal; Tab moves on from the field, as usual.
    if (event.key !== 'Tab') {
      event.preventDefault()
      event.stopPropagation()
    }
  }

  return (
    <div className="field token-listbox">
      <span id={ids.label}>{label}</span>
      <button
        ref={button}
        type="button"
        className="row-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? ids.list : undefined}
        aria-label={`${label}: ${chosen ? spoken(chosen) : 'Select a token'}`}
        disabled={disabled}
        onClick={() => (open ? setOpen(false) : show())}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
          event.preventDefault()
          show()
        }}
      >
        {chosen ? <TokenRow option={chosen} /> : <span className="label muted">Select a token</span>}
        <span className="chevron" aria-hidden="true">
          <ChevronIcon size={18} />
        </span>
      </button>
      {open && (
        <div
          id={ids.list}
          role="listbox"
          className="token-options"
          aria-labelledby={ids.label}
          tabIndex={-1}
          aria-activedescendant={`${ids.option}-${active}`}
          ref={(list) => list?.focus()}
          onKeyDown={onListKey}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false)
          }}
        >
          {options.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox takes the keys for its options (aria-activedescendant)
            <div
              key={option.key}
              id={`${ids.option}-${index}`}
              role="option"
              tabIndex={-1}
              className="token-option"
              aria-selected={option.key === value}
              data-active={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
            >
              <TokenRow option={option} />
            </div>
          ))}
        </div>
      )}
    </div>
  )
}

/** `ETH Ether 0.050 ETH`: the row's words in order, so the field's name holds what it shows. */
const spoken = (option: TokenListOption) => `${option.symbol} ${option.name} ${option.detail}`

function TokenRow({ option }: { option: TokenListOption }) {
  return (
    <>
      <TokenIcon name={option.symbol} url={option.iconUrl} size={28} />
      {/* The spaces keep the words apart in the name assistive technology reads from the row. */}
      <span className="label">
        <span className="symbol">{option.symbol}</span> <span className="muted">{option.name}</span>
      </span>{' '}
      <span className="muted">{option.detail}</span>
    </>
  )
}
