import { Link } from '@tanstack/react-router'
import { SproutIcon } from './icons'

export function BrandMark({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 text-lg font-semibold text-brand-900">
      <SproutIcon className="size-6 text-brand-600" />
      Blattwerk
    </Link>
  )
}
