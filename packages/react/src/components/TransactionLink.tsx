import { type Portico, shortenAddress } from '@portico/core'

/** A mined transaction, shortened: a link to the chain's explorer when it has one, else its hash as a title. */
export function TransactionLink({ portico, hash }: { portico: Portico; hash: string }) {
  const explorer = portico.network.chain.blockExplorers?.default.url
  return explorer ? (
    <a href={`${explorer.replace(/\/+$/, '')}/tx/${hash}`} target="_blank" rel="noopener noreferrer">
      {shortenAddress(hash)}
    </a>
  ) : (
    <span title={hash}>{shortenAddress(hash)}</span>
  )
}
