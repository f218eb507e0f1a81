import { addViewCss } from '../../modal/view-css.ts'

/** The buy form (amount with its currency, method, token), the providers' quotes, the purchase's progress. */
addViewCss(`
.buy-form .pay { display: flex; gap: 8px; align-items: stretch; }
.buy-form .pay input { flex: 1; min-width: 0; font-size: 1.4em; font-weight: 600; }
.buy-form select { width: auto; min-height: 44px; padding: 0 10px; border-radius: calc(var(--portico-border-radius-master) * 3);
  border: 1px solid var(--portico-border); background: var(--portico-bg-raised); color: var(--portico-fg); font: inherit; }
.buy-form select:focus-visible { outline: 2px solid var(--portico-accent); outline-offset: 2px; }
.buy-form fieldset { border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.buy-form legend { padding: 0 0 4px; color: var(--portico-fg-muted); font-size: 0.9em; }
.buy-form .methods { display: flex; gap: 8px; flex-wrap: wrap; }
.buy-form .choice { display: flex; align-items: center; gap: 8px; min-height: 44px; padding: 6px 12px; cursor: pointer;
  border: 1px solid var(--portico-border); border-radius: calc(var(--portico-border-radius-master) * 3); }
.buy-form .choice:has(input:checked) { border-color: var(--portico-accent); }
.buy-form .choice:has(input:focus-visible) { outline: 2px solid var(--portico-accent); outline-offset: 2px; }
.buy-form .quote { flex: 1; display: flex; justify-content: space-between; gap: 8px; }
.buy-form .quote .terms { display: flex; flex-direction: column; text-align: right; }
.buy-form .best { color: var(--portico-success); font-size: 0.85em; }
.buy-form .primary { display: inline-flex; align-items: center; justify-content: center; gap: 8px; }
.buy-form .primary:disabled { background: var(--portico-bg-raised); color: var(--portico-fg-muted); cursor: not-allowed; }
.buy-progress { display: flex; flex-direction: column; gap: 12px; text-align: center; }
.buy-progress .actions { display: flex; flex-direction: column; gap: 8px; }
`)
