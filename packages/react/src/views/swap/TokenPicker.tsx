import { type SwapToken, searchSwapTokens } from '@portico/core/internal'
import { useEffect, useId, useRef, useState } from 'react'
import { TokenIcon } from '../../components/TokenIcon.tsx'

/**
 * Choosing a token for one side of a swap: a search over symbol, name or address, the visitor's own
 * tokens first with their balances. Names are text, never markup.
 */
export function TokenPicker({
  tokens,
  balanceOf,
  side,
  onPick,
  onBack,
}: {
  tokens: SwapToken[]
  balanceOf: (token: SwapToken) => string | undefined
  side: 'from' | 'to'
  onPick: (token: SwapToken) => void
  onBack: () => void
}) {
  const [search, setSearch] = useState('')
  const searchId = useId()
  const searchField = useRef<HTMLInputElement>(null)
  // A step inside the view, not a new view: focus is moved here by hand.
  useEffect(() => searchField.current?.focus(), [])
  const found = searchSwapTokens(tokens, search)
  const held = found.filter((token) => balanceOf(token) !== undefined)
  const others = found.filter((token) => balanceOf(token) === undefined)
  const row = (token: SwapToken) => (
    <li key={token.address}>
      <button type="button" className="row-button" onClick={() => onPick(token)}>
        <TokenIcon name={token.symbol} url={token.logoUri} size={32} />
        <span className="label">
          <span>{token.symbol}</span>
          <span className="muted">{token.name}</span>
        </span>
        {balanceOf(token) !== undefined && <span className="muted">{balanceOf(token)}</span>}
      </button>
    </li>
  )
  return (
    <div className="stack swap-picker">
      <div className="field">
        <label htmlFor={searchId}>{side === 'from' ? 'Token to pay with' : 'Token to receive'}</label>
        <input
          id={searchId}
          ref={searchField}
          type="search"
          placeholder="Search by name, symbol or address"
          value={search}
          autoComplete="off"
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {found.length === 0 && <p className="muted center">No token matches “{search.trim()}”</p>}
      {held.length > 0 && (
        <section aria-label="Your tokens">
          <h3 className="group-title">Your tokens</h3>
          <ul className="list">{held.map(row)}</ul>
        </section>
      )}
      {others.length > 0 && (
        <section aria-label="Tokens">
          <h3 className="group-title">Tokens</h3>
          <ul className="list">{others.map(row)}</ul>
        </section>
      )}
      <button type="button" className="secondary" onClick={onBack}>
        Back
      </button>
    </div>
  )
}
