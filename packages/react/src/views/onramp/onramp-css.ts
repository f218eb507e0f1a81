import { addViewCss } from '../../modal/view-css.ts'

/** The buy form (amount with its currency, method, token), the providers' quotes, the purchase's progress. */
addViewCss(`
.buy-form .pay { display: flex; gap: 8px; align-items: stretch; }
/* The amount in the modal's own field, as Send's and Swap's: no white browser box, the accent's ring. */
.buy-form .pay input { flex: 1; min-width: 0; min-height: 44px; padding: 0 12px; font: inherit; font-size: 1.4em;
  font-weight: 600; color: var(--portico-fg); background: var(--portico-bg-raised);
  border: 1px solid var(--portico-border); border-radius: calc(var(--portico-border-radius-master) * 3); }
.buy-form .pay input:focus-visible { outline: 2px solid var(--portico-accent); outline-offset: 1px; }
.buy-form .pay input[aria-invalid="true"] { border-color: var(--portico-error); }
.buy-form .pay .choices { flex: none; justify-content: center; }
.buy-form .pay .currency { align-self: center; font-weight: 600; }
.buy-form .quote { flex: 1; display: flex; justify-content: space-between; gap: 8px; }
.buy-form .quote .terms { display: flex; flex-direction: column; text-align: right; }
.buy-form .best { color: var(--portico-success); font-size: 0.85em; }
.buy-form .primary { display: inline-flex; align-items: center; justify-content: center; gap: 8px; }
.buy-form .primary:disabled { background: var(--portico-bg-raised); color: var(--portico-fg-muted); cursor: not-allowed; }
.buy-progress { display: flex; flex-direction: column; gap: 12px; text-align: center; }
.buy-progress .actions { display: flex; flex-direction: column; gap: 8px; }
`)
