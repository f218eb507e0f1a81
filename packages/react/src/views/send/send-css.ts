import { addViewCss } from '../../modal/view-css.ts'

/** The send form's own styles: field errors, the busy button. */
addViewCss(`
.send-form .field-error { margin: 0; min-height: 0; color: var(--portico-error); font-size: 0.9em; }
.send-form .field-error:empty { display: none; }
.send-form input[aria-invalid="true"] { border-color: var(--portico-error); }
.send-form .max-button { width: auto; padding: 0 12px; }
.send-form .primary { display: inline-flex; align-items: center; justify-content: center; gap: 8px; }
.send-form .primary:disabled { background: var(--portico-bg-raised); color: var(--portico-fg-muted);
  cursor: not-allowed; }
.send-form .primary[aria-busy="true"] { background: var(--portico-accent-fill); color: #fff; opacity: 0.85;
  cursor: progress; }
`)
