import { Check, CircleAlert } from 'lucide-react'
import {
  checkShopColours,
  formatContrast,
  graphicContrastMinimum,
  isHexColour,
  textContrastMinimum,
} from '~/lib/colour-contrast'
import type { ShopFormValues } from './shop-settings-form'

/** The two ratios the save checks, shown while the owner picks. */
export function ContrastReport({ colours }: { colours: ShopFormValues['colors'] }) {
  if (!isHexColour(colours.primary) || !isHexColour(colours.primaryForeground)) return null
  const check = checkShopColours(colours)
  const rows = [
    {
      label: 'Schrift auf der Hauptfarbe',
      ratio: check.text,
      minimum: textContrastMinimum,
    },
    { label: 'Hauptfarbe auf Weiß', ratio: check.onPage, minimum: graphicContrastMinimum },
  ]
  return (
    <div className="sm:col-span-2" aria-live="polite">
      <p className="text-sm font-medium text-ink">Lesbarkeit (WCAG AA)</p>
      <ul className="mt-1 space-y-1 text-sm">
        {rows.map((row) => {
          const ok = row.ratio >= row.minimum
          return (
            <li
              key={row.label}
              className={`flex items-center gap-2 ${ok ? 'text-ink' : 'text-danger'}`}
            >
              {ok ? (
                <Check className="size-4 text-success" aria-hidden="true" />
              ) : (
                <CircleAlert className="size-4" aria-hidden="true" />
              )}
              {row.label}: {formatContrast(row.ratio)} (
              {ok ? 'ausreichend' : `zu wenig, nötig ${formatContrast(row.minimum)}`})
            </li>
          )
        })}
      </ul>
    </div>
  )
}
