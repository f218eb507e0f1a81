/**
 * The frame's look, close to the modal's dark theme so the approval reads as part of it. Adopted as
 * a constructed sheet: the frame's CSP allows no style elements, and a sheet made by our own script
 * needs none.
 */
const FRAME_CSS = `
:root { color-scheme: dark; --bg: #191a1a; --raised: #252627; --fg: #e4e7e7; --muted: #b8bcbc;
  --line: rgba(255,255,255,0.2); --fill: #1d64d8; --off: #2f3b4d; --error: #ff9b9b; --warn-bg: #3a2a12;
  --warn-fg: #ffd9a0; --ring: #66b1ff; --radius: 16px; }
/* The modal's light theme, chosen by the page (SYNC_THEME): the same roles, dark on light. */
:root.light { color-scheme: light; --bg: #ffffff; --raised: #f3f3f3; --fg: #141414; --muted: #5c5c5c;
  --line: rgba(0,0,0,0.25); --off: #d5dae2; --error: #b3261e; --warn-bg: #fff1d6; --warn-fg: #5c3a00;
  --ring: #1d64d8; }
html, body { margin: 0; background: transparent; }
body { font: 14px/1.45 var(--font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif); color: var(--fg); }
/* No border or corners of its own: the page draws the frame inside the modal's card (or, with no
   modal open, rounds and shadows the frame itself), so the two read as one surface. */
.card { box-sizing: border-box; padding: 8px 16px 20px; background: var(--bg);
  display: flex; flex-direction: column; gap: 12px; }
h1 { margin: 0; font-size: 16px; font-weight: 600; text-align: center; }
/* Focus is put on the heading so the request is read out first; it is no control, so no ring. */
h1:focus, h1:focus-visible { outline: none; }
p { margin: 0; }
.origin { text-align: center; color: var(--muted); overflow-wrap: anywhere; }
.origin strong { color: var(--fg); font-weight: 600; }
.lead { font-weight: 600; }
.call-title { margin: 12px 0 4px; font-weight: 600; }
.details { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0; padding: 12px;
  background: var(--raised); border-radius: var(--radius); }
.details dt { color: var(--muted); }
.details dd { margin: 0; overflow-wrap: anywhere; font-family: ui-monospace, monospace; font-size: 13px; }
.message-text { max-height: 160px; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; margin: 0;
  padding: 12px; background: var(--raised); border-radius: var(--radius); font: 13px/1.45 ui-monospace, monospace; }
.muted { color: var(--muted); text-align: center; }
.actions { display: flex; gap: 8px; }
button { flex: 1; min-height: 40px; border-radius: var(--radius); font: inherit; font-weight: 600; cursor: pointer; }
.reject { border: 1px solid var(--line); background: transparent; color: var(--fg); }
.approve { border: none; background: var(--fill); color: #fff; }
.approve:disabled { background: var(--off); color: var(--muted); cursor: default; }
.reject:disabled { color: var(--muted); cursor: default; }
.error { color: var(--error); text-align: center; }
.error:empty { display: none; }
.warning { padding: 12px; border-radius: var(--radius); background: var(--warn-bg); color: var(--warn-fg); }
.secret { display: block; padding: 12px; background: var(--raised); border-radius: var(--radius); overflow-wrap: anywhere;
  font: 13px/1.45 ui-monospace, monospace; user-select: all; }
.field { display: flex; flex-direction: column; gap: 6px; color: var(--muted); }
input { box-sizing: border-box; min-height: 44px; padding: 8px 12px; border-radius: 12px; font: 16px ui-monospace, monospace;
  letter-spacing: 0.2em; color: var(--fg); background: var(--raised); border: 1px solid var(--line); }
input:focus-visible, button:focus-visible { outline: 2px solid var(--ring); outline-offset: 2px; }
`

export function adoptFrameStyles(): void {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(FRAME_CSS)
  document.adoptedStyleSheets = [sheet]
}
