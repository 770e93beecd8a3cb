import type { AnyFieldApi } from '@tanstack/react-form'
import { shopLogoUrl } from '~/lib/shop-settings'
import { UploadField } from '../../files/UploadField'
import { changeFieldValue, fieldErrorOf } from '../../forms/fields'

export function ShopLogoField({ field }: { field: AnyFieldApi }) {
  const logoUrl = field.state.value as string
  const error = fieldErrorOf(field)
  return (
    <UploadField
      id="field-logoUrl"
      label="Logo"
      path="/api/files/shop-logos"
      accept="image/png,image/jpeg,image/webp"
      maxBytes={1024 * 1024}
      tooLargeMessage="Das Logo ist größer als 1 MB."
      hint="PNG, JPEG oder WebP, höchstens 1 MB. Es erscheint in der Kopfzeile, bis 64 Pixel hoch."
      fileId={logoUrl || null}
      error={error}
      onUploaded={(fileId) => changeFieldValue(field, shopLogoUrl(fileId))}
      onRemove={() => changeFieldValue(field, '')}
      texts={{ pickAnother: 'Anderes Logo wählen', remove: 'Logo entfernen' }}
      uploadedText={null}
      preview={
        logoUrl && (
          <img
            src={logoUrl}
            alt="Logo des Shops"
            className="max-h-16 max-w-60 rounded border border-border bg-white p-2"
          />
        )
      }
    />
  )
}
