/**
 * The frame's look, close to the modal's dark theme so the approval reads as part of it. Adopted as
 * a constructed sheet: the frame's CSP allows no style elements, and a sheet made by our own script
 * needs none.
 */
const FRAME_CSS = `
:root { color-scheme: dark; }
html, body { margin: 0; background: transparent; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #e4e7e7; }
/* No border or corners of its own: the page draws the frame inside the modal's card (or, with no
   modal open, rounds and shadows the frame itself), so the two read as one surface. */
.card { box-sizing: border-box; padding: 8px 16px 20px; background: #191a1a;
  display: flex; flex-direction: column; gap: 12px; }
h1 { margin: 0; font-size: 16px; font-weight: 600; text-align: center; }
/* Focus is put on the heading so the request is read out first; it is no control, so no ring. */
h1:focus, h1:focus-visible { outline: none; }
p { margin: 0; }
.origin { text-align: center; color: #b8bcbc; overflow-wrap: anywhere; }
.origin strong { color: #e4e7e7; font-weight: 600; }
.lead { font-weight: 600; }
.call-title { margin: 12px 0 4px; font-weight: 600; }
.details { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0; padding: 12px;
  background: #252627; border-radius: 16px; }
.details dt { color: #b8bcbc; }
.details dd { margin: 0; overflow-wrap: anywhere; font-family: ui-monospace, monospace; font-size: 13px; }
.message-text { max-height: 160px; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; margin: 0;
  padding: 12px; background: #252627; border-radius: 16px; font: 13px/1.45 ui-monospace, monospace; }
.muted { color: #b8bcbc; text-align: center; }
.actions { display: flex; gap: 8px; }
button { flex: 1; min-height: 40px; border-radius: 16px; font: inherit; font-weight: 600; cursor: pointer; }
.reject { border: 1px solid rgba(255,255,255,0.2); background: transparent; color: #e4e7e7; }
.approve { border: none; background: #1d64d8; color: #fff; }
.approve:disabled { background: #2f3b4d; color: #b8bcbc; cursor: default; }
.reject:disabled { color: #b8bcbc; cursor: default; }
.error { color: #ff9b9b; text-align: center; }
.error:empty { display: none; }
.warning { padding: 12px; border-radius: 16px; background: #3a2a12; color: #ffd9a0; }
.secret { display: block; padding: 12px; background: #252627; border-radius: 16px; overflow-wrap: anywhere;
  font: 13px/1.45 ui-monospace, monospace; user-select: all; }
.field { display: flex; flex-direction: column; gap: 6px; color: #b8bcbc; }
input { box-sizing: border-box; min-height: 44px; padding: 8px 12px; border-radius: 12px; font: 16px ui-monospace, monospace;
  letter-spacing: 0.2em; color: #e4e7e7; background: #252627; border: 1px solid rgba(255,255,255,0.2); }
input:focus-visible { outline: 2px solid #66b1ff; outline-offset: 2px; }
button:focus-visible { outline: 2px solid #66b1ff; outline-offset: 2px; }
`

export function adoptFrameStyles(): void {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(FRAME_CSS)
  document.adoptedStyleSheets = [sheet]
}
