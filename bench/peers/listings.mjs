// The page benchmark compares /blueten with 48 cards (one full catalogue page, cataloguePageSize)
// against the Next.js peer, but the demo shop lists only 20 visible flowers. This fills a bench
// database up to 48 with plain SQL, run before the server starts: the first visible flower
// listings of the shop, by name, are copied — each as a product of the pharmacy's own (as the demo
// has some; the master catalogue has too few flowers the shop does not list yet), a visible
// listing with the same price and sales unit, and copies of its released batches, so the copies
// show measured values and availability as their originals do. Names end in "(Kopie n)".

/** Visible, non-archived flower listings of the organisation: the cards /blueten shows. */
const countSql = `
  select count(*)::int as listed from organisation_products op
  join products p on p.id = op.product_id
  where op.organisation_id = $1 and op.visible_in_shop and op.archived_at is null
    and p.category = 'flower'`

// One statement (copies and the three inserts as CTEs), so it runs alike on a pg client and on
// PGlite; `copies` is materialised, so each copy's new ids are drawn once.
const copySql = `
  with sources as (
    select op.id as listing_id, op.product_id,
      row_number() over (order by p.name, op.id)::int - 1 as position, count(*) over ()::int as total
    from organisation_products op join products p on p.id = op.product_id
    where op.organisation_id = $1 and op.visible_in_shop and op.archived_at is null
      and p.category = 'flower'
  ),
  copies as materialized (
    select gen_random_uuid() as product_id, gen_random_uuid() as listing_id,
      s.listing_id as source_listing, s.product_id as source_product, n / s.total + 2 as copy
    from generate_series(0, $2::int - 1) n join sources s on s.position = n % s.total
  ),
  new_products as (
    insert into products (id, organisation_id, name, manufacturer, brand, category, cultivar,
      genetics, dominance, thc_content, cbd_content, cannabinoid_unit, terpenes, irradiated,
      country_of_cultivation, pack_base_units, pack_unit, description, status)
    select c.product_id, $1, p.name || ' (Kopie ' || c.copy || ')', p.manufacturer, p.brand,
      p.category, p.cultivar, p.genetics, p.dominance, p.thc_content, p.cbd_content,
      p.cannabinoid_unit, p.terpenes, p.irradiated, p.country_of_cultivation, p.pack_base_units,
      p.pack_unit, p.description, 'active'
    from copies c join products p on p.id = c.source_product
  ),
  new_listings as (
    insert into organisation_products (id, organisation_id, product_id, sales_unit,
      base_units_per_sales_unit, order_step, min_order_quantity, max_order_quantity, price_cents,
      vat_rate, visible_in_shop, low_stock_threshold, product_revision_seen, target_stock)
    select c.listing_id, $1, c.product_id, op.sales_unit, op.base_units_per_sales_unit,
      op.order_step, op.min_order_quantity, op.max_order_quantity, op.price_cents, op.vat_rate,
      true, op.low_stock_threshold, 1, op.target_stock
    from copies c join organisation_products op on op.id = c.source_listing
  )
  insert into batches (organisation_id, organisation_product_id, origin, batch_number,
    supplier_id, expiry_date, harvest_date, thc_content, cbd_content, status, test_number,
    released_at, released_by, balance, created_by)
  select $1, c.listing_id, b.origin, b.batch_number, b.supplier_id, b.expiry_date,
    b.harvest_date, b.thc_content, b.cbd_content, b.status, b.test_number, b.released_at,
    b.released_by, b.balance, b.created_by
  from copies c join batches b on b.organisation_product_id = c.source_listing
  where b.status = 'released'`

/** The demo shop the benchmarks address (sonnen-apotheke.localhost), by its tenant slug. */
const shopSlug = 'sonnen-apotheke'

/**
 * Fills the demo shop's /blueten up to `cards` listings through `client` (a pg client or PGlite:
 * anything with `query(text, params)` answering `{ rows }`); answers how many it added.
 */
export async function fillBlueten(client, cards) {
  const {
    rows: [tenant],
  } = await client.query('select organisation_id from tenants where slug = $1', [shopSlug])
  if (!tenant) throw new Error(`no tenant ${shopSlug} in the bench database`)
  const organisationId = tenant.organisation_id
  const {
    rows: [{ listed }],
  } = await client.query(countSql, [organisationId])
  const missing = cards - listed
  if (missing > 0) await client.query(copySql, [organisationId, missing])
  return Math.max(missing, 0)
}
