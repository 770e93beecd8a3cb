import { useSuspenseQuery } from '@tanstack/react-query'
import { shopSettingsQuery } from '../shop-settings.queries'
import { ShopSettingsForm } from './ShopSettingsForm'

/**
 * The organisation page's "Shop" tab (owner): the shop's look, contact, legal texts, delivery and
 * payment, with a live preview of its header and a product card. A club's site has its name,
 * logo, contact and legal texts only (KCanG § 6).
 */
export function ShopSettingsSection({ organisationId }: { organisationId: string }) {
  const { data: settings } = useSuspenseQuery(shopSettingsQuery(organisationId))
  return <ShopSettingsForm key={settings.slug} settings={settings} />
}
