import type { CatalogueCategory, CatalogueSort } from '~/lib/shop-catalogue'

/** How the shop names each category's list, in the pharmacy's "Sie" (no advertising: HWG § 10). */
export const catalogueWords: Record<
  CatalogueCategory,
  {
    title: string
    description: string
    one: string
    many: string
    emptyTitle: string
    emptyText: string
  }
> = {
  flower: {
    title: 'Blüten',
    description:
      'Medizinische Cannabisblüten mit Sorte, THC- und CBD-Gehalt, Terpenen, Preis und Verfügbarkeit. Abgabe nur gegen ärztliche Verschreibung.',
    one: 'Blüte',
    many: 'Blüten',
    emptyTitle: 'Derzeit keine Blüten im Sortiment',
    emptyText:
      'Die Apotheke bietet im Moment keine Blüten an. Fragen Sie gern in der Apotheke nach.',
  },
  extract: {
    title: 'Extrakte',
    description:
      'Cannabisextrakte mit Wirkstoffgehalt, Packungsgröße, Preis und Verfügbarkeit. Abgabe nur gegen ärztliche Verschreibung.',
    one: 'Extrakt',
    many: 'Extrakte',
    emptyTitle: 'Derzeit keine Extrakte im Sortiment',
    emptyText:
      'Die Apotheke bietet im Moment keine Extrakte an. Fragen Sie gern in der Apotheke nach.',
  },
}

export const catalogueSortLabels: Record<CatalogueSort, string> = {
  name: 'Name (A–Z)',
  'price-asc': 'Preis je g/ml, aufsteigend',
  'price-desc': 'Preis je g/ml, absteigend',
}
