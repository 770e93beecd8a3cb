import { isHexColour } from '~/lib/colour-contrast'
import type { ShopFormValues } from './shop-settings-form'

const previewPrice = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' })

/** The shop's header and a product card as the colours, logo and display options make them. */
export function ShopPreview({ values }: { values: ShopFormValues }) {
  const colours = values.colors
  const usable = isHexColour(colours.primary) && isHexColour(colours.primaryForeground)
  const primary = usable ? colours.primary : '#23733f'
  const foreground = usable ? colours.primaryForeground : '#ffffff'
  const accent = isHexColour(colours.accent) ? colours.accent : '#f2b705'
  return (
    <div className="overflow-hidden rounded-card border border-border bg-white" aria-hidden="true">
      <p className="border-b border-border bg-surface-muted px-4 py-2 text-xs font-medium uppercase tracking-wide text-ink-muted">
        Vorschau
      </p>
      <div style={{ backgroundColor: primary, color: foreground }} className="px-4 py-3">
        <div className="flex items-center gap-2 font-semibold">
          {values.logoUrl && (
            <img src={values.logoUrl} alt="" className="h-8 w-auto rounded bg-white/90 p-0.5" />
          )}
          <span className="truncate">{values.shopName || 'Name des Shops'}</span>
        </div>
        <div className="mt-2 flex gap-3 text-sm">
          <span className="underline decoration-2 underline-offset-4">Blüten</span>
          <span>Extrakte</span>
          <span>Rezeptkonfigurator</span>
        </div>
      </div>
      <div style={{ backgroundColor: accent }} className="h-1" />
      <div className="p-4">
        <div className="rounded-xl border border-border p-4">
          <p className="text-xs text-ink-muted">Blüte · Indica</p>
          <p className="mt-1 font-semibold text-ink">Beispielsorte 22/1</p>
          <p className="text-sm text-ink-muted">THC 22 % · CBD &lt; 1 %</p>
          <p className="mt-2 text-sm text-ink">
            {values.showStockAmounts ? '120 g vorrätig' : 'vorrätig'}
          </p>
          <p className="mt-2 font-semibold text-ink">
            {values.showPricesPublicly ? `${previewPrice.format(9.5)} / g` : 'Preis nach Anmeldung'}
          </p>
          <span
            style={{ backgroundColor: primary, color: foreground }}
            className="mt-3 inline-block rounded-lg px-3 py-2 text-sm font-medium"
          >
            In den Warenkorb
          </span>
        </div>
      </div>
    </div>
  )
}
