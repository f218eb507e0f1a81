import { addViewCss } from '../../modal/view-css.ts'

/** Social login's buttons in Connect; importing this module adds them to the modal's <style>. */
addViewCss(`
.social-wide { justify-content: center; }
.social-wide .label { flex: 0 1 auto; }
.social-row { display: flex; gap: 8px; list-style: none; margin: 0; padding: 0; }
.social-row li { flex: 1; }
.social-icon-button { width: 100%; min-height: 44px; display: inline-flex; align-items: center;
  justify-content: center; color: var(--portico-fg); background: var(--portico-bg-raised);
  border: 1px solid var(--portico-border); border-radius: calc(var(--portico-border-radius-master) * 4);
  cursor: pointer; }
.social-icon-button:hover { border-color: var(--portico-accent); }
.social-icon-button:focus-visible { outline: 2px solid var(--portico-accent); outline-offset: 1px; }
`)
