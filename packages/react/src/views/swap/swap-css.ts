import { addViewCss } from '../../modal/view-css.ts'

/** The swap view: two sides with a flip between them, the quote's details, the picker, the review. */
addViewCss(`
.swap-form fieldset { border: 1px solid var(--portico-border); border-radius: calc(var(--portico-border-radius-master) * 4);
  margin: 0; padding: 10px 12px; display: flex; flex-direction: column; gap: 6px;
  /* A fieldset is at least as wide as its content by default, and an input's content is 20
     characters: without these the token button and Max fall off the card's edge. */
  min-width: 0; min-inline-size: 0; }
.swap-form legend { padding: 0 4px; color: var(--portico-fg-muted); font-size: 0.9em; }
.swap-form .side { display: flex; align-items: center; gap: 8px; }
.swap-form .side input, .swap-form .side output { flex: 1; min-width: 0; width: 0; font-size: 1.4em; font-weight: 600;
  background: transparent; border: 0; color: var(--portico-fg); padding: 4px 0; }
.swap-form .side input:focus-visible { outline: 2px solid var(--portico-accent); border-radius: 4px; }
.swap-form .token-button { width: auto; flex: none; max-width: 60%; overflow: hidden; display: inline-flex; align-items: center; gap: 6px; padding: 0 10px; min-height: 40px; }
.swap-form .flip { align-self: center; width: 40px; height: 40px; padding: 0; display: inline-flex;
  align-items: center; justify-content: center; margin: -4px 0; }
.swap-form .balance-line { display: flex; justify-content: space-between; align-items: center; font-size: 0.9em; }
.swap-form .balance-line button { width: auto; min-height: 28px; padding: 0 10px; }
@media (pointer: coarse) { .swap-form .balance-line button { min-height: 44px; min-width: 44px; } }
.swap-details { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 0; font-size: 0.9em; }
.swap-details dt { color: var(--portico-fg-muted); }
.swap-details dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
.swap-details .high { color: var(--portico-error); }
.slippage .choice-row { justify-content: flex-end; }
.swap-picker .label { display: flex; flex-direction: column; text-align: left; }
.swap-form .primary { display: inline-flex; align-items: center; justify-content: center; gap: 8px; }
.swap-form .primary:disabled { background: var(--portico-bg-raised); color: var(--portico-fg-muted); cursor: not-allowed; }
.swap-form .primary[aria-busy="true"] { background: var(--portico-accent-fill); color: #fff; opacity: 0.85; cursor: progress; }
`)
