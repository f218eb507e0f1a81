import { useEffect } from 'react'
import { Loading } from '../../components/Loading.tsx'
import { TokenIcon } from '../../components/TokenIcon.tsx'
import { Unavailable } from '../../components/Unavailable.tsx'
import { useStore } from '../../hooks.ts'
import type { ViewProps } from '../types.ts'
import { useAccountData } from './use-account-data.ts'

/** The account's NFTs as a grid of previews; spam never reaches this list (the store drops it). */
export function NftsTab({ portico }: ViewProps) {
  const accountData = useAccountData(portico)
  const { address } = useStore(portico.account)
  const { nfts } = accountData
  const state = useStore(nfts.store)
  useEffect(() => {
    if (!state.loaded) void nfts.fetchNfts(address)
  }, [nfts, address, state.loaded])

  if (state.failed && state.nfts.length === 0)
    return (
      <Unavailable sentence="NFTs are unavailable right now" onRetry={() => void nfts.fetchNfts(address)} />
    )
  if (!state.loaded) return <Loading label="Loading NFTs…" />
  if (state.nfts.length === 0) return <p className="muted center">No NFTs yet</p>
  return (
    <div className="stack">
      <ul className="nft-grid" aria-label="NFTs">
        {state.nfts.map((nft) => (
          <li key={`${nft.contract}-${nft.tokenId}`}>
            <figure>
              <TokenIcon name={nft.name || nft.collection.name} url={nft.image} size={150} />
              <figcaption>
                <span className="clip">{nft.name || `#${nft.tokenId}`}</span>
                <br />
                <span className="muted clip">{nft.collection.name}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {state.next && (
        <button
          type="button"
          className="secondary"
          disabled={state.loading}
          onClick={() => void nfts.fetchNfts(address)}
        >
          Load more
        </button>
      )}
    </div>
  )
}
