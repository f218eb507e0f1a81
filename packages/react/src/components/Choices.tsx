import type { ReactNode } from 'react'
import { addViewCss } from '../modal/view-css.ts'

/**
 * Each option is a native radio (its arrow keys, its name and state for assistive technology)
 * laid invisibly over a pill drawn in the modal's own look: no 13-px browser dots, a 44-px target
 * on touch, the chosen one in the accent.
 */
addViewCss(`
.choices { border: 0; margin: 0; padding: 0; min-width: 0; display: flex; flex-direction: column; gap: 6px; }
.choices legend { padding: 0 0 4px; color: var(--portico-fg-muted); font-size: 0.9em; }
.choice-row { display: flex; gap: 6px; flex-wrap: wrap; }
.pill-choice { position: relative; display: inline-flex; align-items: center; gap: 6px; min-height: 36px;
  padding: 4px 12px; border: 1px solid var(--portico-border); border-radius: 999px; cursor: pointer;
  background: var(--portico-bg-raised); color: var(--portico-fg); font-weight: 600; }
/* Over the border too: the whole drawn control takes the tap. */
.pill-choice input, .card-choice input { position: absolute; top: -1px; left: -1px; width: calc(100% + 2px);
  height: calc(100% + 2px); margin: 0; opacity: 0; cursor: pointer; }
.pill-choice:has(input:checked) { border-color: var(--portico-accent);
  background: color-mix(in srgb, var(--portico-accent) 16%, var(--portico-bg-raised)); }
.pill-choice:has(input:focus-visible), .card-choice:has(input:focus-visible) {
  outline: 2px solid var(--portico-accent); outline-offset: 2px; }
.pill-choice .muted { font-weight: 400; }
/* The muted grey is 4.5:1 on the raised grey only: on the chosen pill's tint its words take the text colour. */
.pill-choice:has(input:checked) .muted { color: var(--portico-fg); }
@media (pointer: coarse) { .pill-choice { min-height: 44px; } }
/* A larger option (a provider's quote): a row with a ring that fills when chosen. */
.card-choice { position: relative; display: flex; align-items: center; gap: 10px; min-height: 44px; padding: 8px 12px;
  border: 1px solid var(--portico-border); border-radius: calc(var(--portico-border-radius-master) * 3);
  background: var(--portico-bg-raised); cursor: pointer; }
.card-choice::before { content: ''; flex: none; width: 16px; height: 16px; border-radius: 50%;
  border: 2px solid var(--portico-fg-muted); box-sizing: border-box; }
.card-choice:has(input:checked) { border-color: var(--portico-accent); }
.card-choice:has(input:checked)::before { border: 5px solid var(--portico-accent); }
`)

export interface Choice<T> {
  value: T
  label: ReactNode
}

/** A few options in a row, one chosen; `legend` shows above them, `label` names them unseen. */
export function Choices<T extends string | number>({
  name,
  legend,
  label,
  options,
  value,
  onChange,
  className = '',
}: {
  name: string
  legend?: string
  label?: string
  options: readonly Choice<T>[]
  value: T | undefined
  onChange: (value: T) => void
  className?: string
}) {
  return (
    <fieldset className={`choices ${className}`.trim()} aria-label={legend ? undefined : label}>
      {legend && <legend>{legend}</legend>}
      <div className="choice-row">
        {options.map((option) => (
          <label key={option.value} className="pill-choice">
            <input
              type="radio"
              name={name}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
