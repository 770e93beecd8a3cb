import { shopLogoUrl } from '~/lib/shop-settings'
import { FileField } from '../../forms/fields'

/**
 * An image the shop shows, inside its `form.AppField`: uploaded to the file store as a shop logo
 * (ADR 016, 066); the field holds its public URL.
 */
function StoredImageField({
  label,
  hint,
  alt,
  previewClassName,
}: {
  label: string
  hint: string
  alt: string
  previewClassName: string
}) {
  return (
    <FileField
      label={label}
      path="/api/files/shop-logos"
      accept="image/png,image/jpeg,image/webp"
      maxBytes={1024 * 1024}
      tooLargeMessage="Das Logo ist größer als 1 MB."
      hint={hint}
      toValue={shopLogoUrl}
      texts={{ pickAnother: 'Anderes Logo wählen', remove: 'Logo entfernen' }}
      uploadedText={null}
      preview={(url) => (
        <img
          src={url}
          alt={alt}
          className={`${previewClassName} rounded border border-border bg-white p-2`}
        />
      )}
    />
  )
}

/** The shop's logo in its header. */
export const ShopLogoField = () => (
  <StoredImageField
    label="Logo"
    hint="PNG, JPEG oder WebP, höchstens 1 MB. Es erscheint in der Kopfzeile, bis 64 Pixel hoch."
    alt="Logo des Shops"
    previewClassName="max-h-16 max-w-60"
  />
)

/** The EU common logo the register issued (Reg. (EU) 699/2014), shown on every shop page. */
export const MailOrderLogoField = () => (
  <StoredImageField
    label="EU-Sicherheitslogo (vom Register erhalten)"
    hint="Die Bilddatei, die du mit dem Registereintrag erhalten hast: PNG, JPEG oder WebP, höchstens 1 MB."
    alt="EU-Sicherheitslogo"
    previewClassName="max-h-24 max-w-40"
  />
)
