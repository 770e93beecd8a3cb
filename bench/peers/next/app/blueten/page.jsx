import { headers } from 'next/headers'
import { pool } from '../db'

// Rendered per request from PostgreSQL, nothing cached: the page the reference measured.
export const dynamic = 'force-dynamic'

// The shop's visible flower listings as /blueten lists them (src/server/shop/catalogue.server.ts):
// the first sellable batch per listing (FEFO) gives the measured THC/CBD, the free stock of all
// sellable batches beyond their reservations the availability, the gross price per g the price.
const cardsSql = `
  with shop as (select organisation_id from tenants where slug = $1),
  held as (
    select r.batch_id, sum(r.quantity) as quantity from stock_reservations r
    where r.organisation_id = (select organisation_id from shop) and r.released_at is null
      and r.consumed_at is null and (r.expires_at is null or r.expires_at > now())
    group by r.batch_id
  ),
  sellable as (
    select b.organisation_product_id as listing_id, b.id, b.expiry_date, b.created_at,
      b.thc_content, b.cbd_content, b.balance - coalesce(held.quantity, 0) as free
    from batches b left join held on held.batch_id = b.id
    where b.organisation_id = (select organisation_id from shop) and b.status = 'released'
      and b.balance > 0 and (b.expiry_date is null or b.expiry_date >= current_date)
  ),
  per_listing as (
    select distinct on (listing_id) listing_id, free > 0 as current, thc_content, cbd_content,
      sum(greatest(free, 0)) over (partition by listing_id)::bigint as available
    from sellable
    order by listing_id, free > 0 desc, expiry_date asc nulls last, created_at, id
  )
  select op.id, p.name, p.cultivar, p.manufacturer as producer, op.sales_unit as "salesUnit",
    p.pack_base_units as "packBaseUnits", p.pack_unit as "packUnit", p.irradiated,
    (case when cb.current then cb.thc_content else p.thc_content end)::float8 as thc,
    (case when cb.current then cb.cbd_content else p.cbd_content end)::float8 as cbd,
    coalesce(cb.current, false) as measured,
    (op.price_cents + (op.price_cents * op.vat_rate::text::int + 50) / 100) as "grossCents",
    op.base_units_per_sales_unit as "baseUnits",
    (coalesce(cb.available, 0) / op.base_units_per_sales_unit)::int as "availableUnits"
  from organisation_products op
  join products p on p.id = op.product_id
  left join per_listing cb on cb.listing_id = op.id
  where op.organisation_id = (select organisation_id from shop) and op.visible_in_shop
    and op.archived_at is null and p.category = 'flower'
  order by p.name, op.id
  limit 48`

const money = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' })
const percent = (value) =>
  value === null ? '–' : `${value.toLocaleString('de-DE', { maximumFractionDigits: 1 })} %`

function Card({ item }) {
  const perGram = Math.round((item.grossCents * 1000) / item.baseUnits)
  const pack = item.salesUnit === 'pack' ? ` · ${item.packBaseUnits / 1000} g` : ''
  return (
    <article className="card">
      <div>
        <h2>
          <a href={`/blueten/${item.id}`}>
            {item.name}
            {pack}
          </a>
        </h2>
        <p className="muted">{[item.cultivar, item.producer].filter(Boolean).join(' · ')}</p>
      </div>
      <dl className="facts">
        <dt className="muted">THC</dt>
        <dd>{percent(item.thc)}</dd>
        <dt className="muted">CBD</dt>
        <dd>{percent(item.cbd)}</dd>
        <dt className="muted">Bestrahlt</dt>
        <dd>{item.irradiated ? 'ja' : 'nein'}</dd>
      </dl>
      <p className="muted">
        {item.measured
          ? 'Gehalte laut Analysezertifikat der aktuellen Charge.'
          : 'Gehalte sind Nennwerte des Herstellers.'}
      </p>
      <div className="foot">
        <p>
          <strong>{money.format(item.grossCents / 100)}</strong>{' '}
          {item.salesUnit === 'gram' ? 'je g' : 'je Packung'}
          {item.salesUnit === 'pack' && (
            <span className="muted"> ({money.format(perGram / 100)} je g)</span>
          )}
        </p>
        <span className="badge">{item.availableUnits > 0 ? 'vorrätig' : 'nicht vorrätig'}</span>
      </div>
    </article>
  )
}

export default async function Blueten() {
  // The shop by its host, as the app resolves the tenant: sonnen-apotheke.localhost:<port>.
  const slug = ((await headers()).get('host') ?? '').split('.')[0]
  const { rows } = await pool.query(cardsSql, [slug])
  return (
    <main>
      <h1>Blüten</h1>
      <p className="muted">{rows.length} Produkte</p>
      <div className="grid">
        {rows.map((item) => (
          <Card key={item.id} item={item} />
        ))}
      </div>
    </main>
  )
}
