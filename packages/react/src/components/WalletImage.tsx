/** A wallet's icon as an <img>, never as markup; a monogram when the wallet has none. */
export function WalletImage({ name, icon, large = false }: { name: string; icon?: string; large?: boolean }) {
  const className = `wallet-image${large ? ' large' : ''}`
  if (icon) return <img className={className} src={icon} alt="" width={40} height={40} />
  return (
    <span className={className} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  )
}
