import { berlinIsoDate } from '../../lib/format'
import type {
  CatalogueCategory,
  CatalogueListInput,
  CataloguePage,
  CatalogueProduct,
  StorefrontCounts,
} from '../../lib/shop-catalogue'
import type { DatabaseHandle } from '../db/client.server'
import type { NotificationHub, Subscription } from '../db/notifications.server'
import { pageChangesAt } from '../page-lifetime.server'
import type { ShopTenant } from '../tenants.server'
import { type CatalogueView, getCatalogueProduct, listCatalogue } from './catalogue.server'
import { availableProductsByCategory } from './storefront.server'

/**
 * The per-process cache of catalogue answers (ADR 027), so anonymous page views do not query the
 * database each time. Triggers (migration 0012) announce every change of what the catalogue shows
 * — products, listings, batches (stock movements move their balance), reservations — on the
 * channel `shop_catalogue_changed` with the organisation's id (`*` for a master product, which
 * many organisations list); every process listens and drops that organisation's answers. An
 * answer also ends by itself when a reservation in it lapses, at the end of the day (expiry is by
 * date) and after `maxAgeMs` at the latest; while the listening connection is down nothing is
 * served from memory.
 */

export const catalogueChannel = 'shop_catalogue_changed'

/** Entries per process; the least recently used go first. */
const maxEntries = 500
/** A safety net only: changes are announced, this bounds what a lost notification could cost. */
const maxAgeMs = 5 * 60_000

interface Entry {
  organisationId: string
  value: unknown
  expiresAt: number
}

class CatalogueCache {
  private readonly entries = new Map<string, Entry>()
  private readonly loading = new Map<string, Promise<unknown>>()
  /** Raised by each announced change: an answer loaded across a change is not kept. */
  private readonly generations = new Map<string, number>()
  private everything = 0
  private subscription: Promise<Subscription | null> | null = null

  constructor(private readonly hub: NotificationHub) {}

  private readonly changed = (organisationId: string | null) => {
    if (organisationId === null || organisationId === '*') {
      this.everything++
      this.entries.clear()
      return
    }
    this.generations.set(organisationId, (this.generations.get(organisationId) ?? 0) + 1)
    for (const [key, entry] of this.entries) {
      if (entry.organisationId === organisationId) this.entries.delete(key)
    }
  }

  private generationOf(organisationId: string): string {
    return `${this.everything}.${this.generations.get(organisationId) ?? 0}`
  }

  private listening(): Promise<Subscription | null> {
    this.subscription ??= this.hub.subscribe(catalogueChannel, this.changed).catch(() => {
      // No listener, no cache; the next read tries again.
      this.subscription = null
      return null
    })
    return this.subscription
  }

  /**
   * The cached answer for `key` of `organisationId`, or what `load` answers (parallel misses of
   * one key share one load). `load` names when its answer changes without a write, if it does.
   */
  async read<T>(
    organisationId: string,
    key: string,
    load: () => Promise<{ value: T; changesAt: Date | null }>,
  ): Promise<T> {
    const { value, keptUntil } = await this.readKept(organisationId, key, load)
    // A page cached whole (ADR 082) ends with the answers it shows; one not kept ends it now.
    pageChangesAt(keptUntil ?? Date.now())
    return value
  }

  private async readKept<T>(
    organisationId: string,
    key: string,
    load: () => Promise<{ value: T; changesAt: Date | null }>,
  ): Promise<{ value: T; keptUntil: number | null }> {
    const subscription = await this.listening()
    const live = subscription?.live === true
    const fullKey = `${organisationId}|${key}`
    const entry = this.entries.get(fullKey)
    if (live && entry && entry.expiresAt > Date.now()) {
      // Least recently used goes first: a hit moves the entry to the end.
      this.entries.delete(fullKey)
      this.entries.set(fullKey, entry)
      return { value: entry.value as T, keptUntil: entry.expiresAt }
    }
    const pending = this.loading.get(fullKey)
    if (pending) return pending as Promise<{ value: T; keptUntil: number | null }>
    const generation = this.generationOf(organisationId)
    const loaded = load()
      .then(({ value, changesAt }) => {
        const kept =
          subscription?.live && this.generationOf(organisationId) === generation
            ? this.store(fullKey, organisationId, value, changesAt)
            : null
        return { value, keptUntil: kept }
      })
      .finally(() => this.loading.delete(fullKey))
    this.loading.set(fullKey, loaded)
    return loaded
  }

  /** Keeps an answer; returns when it ends. */
  private store(
    key: string,
    organisationId: string,
    value: unknown,
    changesAt: Date | null,
  ): number {
    const endOfLife = Math.min(Date.now() + maxAgeMs, changesAt?.getTime() ?? Number.MAX_VALUE)
    this.entries.delete(key)
    this.entries.set(key, { organisationId, value, expiresAt: endOfLife })
    while (this.entries.size > maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string)
    }
    return endOfLife
  }
}

const caches = new WeakMap<NotificationHub, CatalogueCache>()

function cacheOf(database: DatabaseHandle): CatalogueCache {
  let cache = caches.get(database.notifications)
  if (!cache) {
    cache = new CatalogueCache(database.notifications)
    caches.set(database.notifications, cache)
  }
  return cache
}

/**
 * A cached answer is shared by every visitor of the shop, so it is read in the scope of the shop's
 * organisation (ADR 050), whoever asked first.
 */
const shopDatabase = (database: DatabaseHandle, shop: ShopTenant) =>
  database.scoped({ kind: 'organisation', organisationId: shop.organisationId })

const viewKey = (view: CatalogueView) =>
  `${view.pricesShown ? 'p' : '-'}${view.stockAmountsShown ? 's' : '-'}`

/** `listCatalogue`, answered from this process's cache while nothing changed. */
export function cachedCatalogueList(
  database: DatabaseHandle,
  shop: ShopTenant,
  view: CatalogueView,
  input: CatalogueListInput,
): Promise<CataloguePage> {
  // Batches expire by the calendar day: a new day is a new key.
  const today = berlinIsoDate()
  const key = `list|${input.category}|${viewKey(view)}|${today}|${JSON.stringify(input.search)}`
  return cacheOf(database).read(shop.organisationId, key, async () => {
    const { page, nextLapse } = await listCatalogue(
      shopDatabase(database, shop),
      shop,
      view,
      input,
      today,
    )
    return { value: page, changesAt: nextLapse }
  })
}

/** `getCatalogueProduct`, answered from this process's cache while nothing changed. */
export function cachedCatalogueProduct(
  database: DatabaseHandle,
  shop: ShopTenant,
  view: CatalogueView,
  category: CatalogueCategory,
  listingId: string,
): Promise<CatalogueProduct> {
  const today = berlinIsoDate()
  const key = `product|${category}|${viewKey(view)}|${today}|${listingId}`
  return cacheOf(database).read(shop.organisationId, key, async () => {
    const { product, nextLapse } = await getCatalogueProduct(
      shopDatabase(database, shop),
      shop,
      view,
      category,
      listingId,
      today,
    )
    return { value: product, changesAt: nextLapse }
  })
}

/** The storefront's counts (`availableProductsByCategory`), from this process's cache. */
export function cachedAvailableProductsByCategory(
  database: DatabaseHandle,
  shop: ShopTenant,
): Promise<StorefrontCounts> {
  const key = `storefront|${berlinIsoDate()}`
  return cacheOf(database).read(shop.organisationId, key, async () => {
    const { counts, nextLapse } = await availableProductsByCategory(
      shopDatabase(database, shop),
      shop,
    )
    return { value: counts, changesAt: nextLapse }
  })
}
