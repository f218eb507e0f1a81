import { addViewCss } from '../../modal/view-css.ts'

/** The e-mail field's and the text inputs' rules: all of the e-mail styles Connect's first paint needs. */
addViewCss(`
.email-form { display: flex; gap: 8px; }
.text-input { flex: 1; min-width: 0; min-height: 40px; padding: 0 12px; font: inherit;
  color: var(--portico-fg); background: var(--portico-bg-raised); border: 1px solid var(--portico-border);
  border-radius: calc(var(--portico-border-radius-master) * 4); }
.text-input:focus-visible { outline: 2px solid var(--portico-accent); outline-offset: 1px; }
.email-form .primary { width: auto; padding: 0 14px; }
`)
