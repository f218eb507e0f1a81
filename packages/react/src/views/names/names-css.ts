import { addViewCss } from '../../modal/view-css.ts'

/** RegisterAccountName and its success: the name field with its suffix, the verdict, the picks. */
addViewCss(`
.name-form .name-input { display: flex; align-items: center; gap: 0; border: 1px solid var(--portico-border);
  border-radius: calc(var(--portico-border-radius-master) * 3); background: var(--portico-bg-raised);
  padding-right: 10px; }
.name-form .name-input:focus-within { outline: 2px solid var(--portico-accent); }
.name-form .name-input input { flex: 1; min-width: 0; border: 0; background: transparent; }
.name-form .name-input input:focus-visible { outline: none; }
.name-form .name-input .suffix { color: var(--portico-fg-muted); white-space: nowrap; }
.name-form .name-input:has(input[aria-invalid="true"]) { border-color: var(--portico-error); }
.name-form .verdict { margin: 0; min-height: 1.4em; font-size: 0.9em; }
.name-form .verdict.available { color: var(--portico-success); }
.name-form .verdict.problem { color: var(--portico-error); }
.name-form .picks { display: flex; flex-wrap: wrap; gap: 8px; margin: 0; padding: 0; list-style: none; }
.name-form .picks button { width: auto; min-height: 36px; padding: 0 12px; }
.name-form .primary { display: inline-flex; align-items: center; justify-content: center; gap: 8px; }
.name-form .primary:disabled { background: var(--portico-bg-raised); color: var(--portico-fg-muted);
  cursor: not-allowed; }
.name-form .primary[aria-busy="true"] { background: var(--portico-accent-fill); color: #fff; opacity: 0.85;
  cursor: progress; }
.name-done .chosen { font-size: 1.3em; font-weight: 600; margin: 0; max-width: 100%; overflow: hidden;
  text-overflow: ellipsis; white-space: nowrap; }
`)
