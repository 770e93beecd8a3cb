import { shopLogoUrl } from '~/lib/shop-settings'
import { FileField } from '../../forms/fields'

/** The shop's logo inside its `form.AppField`: the field holds the logo's public URL. */
export function ShopLogoField() {
  return (
    <FileField
      label="Logo"
      path="/api/files/shop-logos"
      accept="image/png,image/jpeg,image/webp"
      maxBytes={1024 * 1024}
      tooLargeMessage="Das Logo ist größer als 1 MB."
      hint="PNG, JPEG oder WebP, höchstens 1 MB. Es erscheint in der Kopfzeile, bis 64 Pixel hoch."
      toValue={shopLogoUrl}
      texts={{ pickAnother: 'Anderes Logo wählen', remove: 'Logo entfernen' }}
      uploadedText={null}
      preview={(logoUrl) => (
        <img
          src={logoUrl}
          alt="Logo des Shops"
          className="max-h-16 max-w-60 rounded border border-border bg-white p-2"
        />
      )}
    />
  )
}
