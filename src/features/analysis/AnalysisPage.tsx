import { useSuspenseQuery } from '@tanstack/react-query'
import { ClientOnly, getRouteApi } from '@tanstack/react-router'
import { ChartColumn } from 'lucide-react'
import { lazy, Suspense, useId } from 'react'
import {
  type AnalysisChart,
  type AnalysisProduct,
  analysisChartHints,
  analysisChartTitles,
  analysisCsvFileName,
  formatMonth,
  orderOriginLabels,
  orderOrigins,
} from '~/lib/analysis'
import { formatCount, formatMoney, formatQuantity } from '~/lib/format'
import {
  formatCannabinoid,
  formatDecimal,
  productCategories,
  productCategoryLabels,
  productOptionLabel,
} from '~/lib/products'
import { quantityUnitOfPack } from '~/lib/stock'
import { DownloadFileButton } from '../documents/DownloadFileButton'
import { AnnualReport } from '../handouts/AnnualReport'
import { isBusinessUser } from '../session/session-store'
import { useSession } from '../session/use-session'
import { SelectFilter, useListNavigation } from '../ui/DataTable'
import { DayFilter } from '../ui/DayFilter'
import { EmptyState } from '../ui/EmptyState'
import { PageHeader } from '../ui/PageHeader'
import { PlainTable, plainRowClass } from '../ui/PlainTable'
import { AnalysisProductFilter } from './AnalysisProductFilter'
import { analysisQuery } from './analysis.queries'

const route = getRouteApi('/_app/analyse')

/** The charts themselves, with their library: loaded after the page, in the browser only. */
const AnalysisChartView = lazy(() => import('./AnalysisCharts'))

const categoryOptions = productCategories.map((value) => ({
  value,
  label: productCategoryLabels[value],
}))

/**
 * `/analyse`: an organisation's figures over a period, as charts with their tables and CSV files.
 * Period, product category and products live in the URL, so a view is a link.
 */
export function AnalysisPage() {
  const search = route.useSearch()
  const { data } = useSuspenseQuery(analysisQuery(search))
  const updateSearch = useListNavigation()
  const { user } = useSession()
  const { organisation } = data
  // The annual report is the club's own paper (its owner and staff): the admin only reads.
  const ownClub =
    organisation?.category === 'club' &&
    isBusinessUser(user) &&
    user.organisation.id === organisation.id
  return (
    <>
      <PageHeader
        title="Analyse"
        description={
          organisation
            ? `Zahlen von ${organisation.name} aus ${organisation.category === 'club' ? 'den Abgaben an Mitglieder' : 'abgeschlossenen Bestellungen'} und dem Lagerbuch.`
            : 'Wähle die Organisation, deren Zahlen du sehen willst.'
        }
      />
      <search
        aria-label="Zeitraum und Filter"
        className="mb-6 flex flex-wrap items-end gap-4 rounded-card border border-border bg-surface p-4"
      >
        {data.organisations.length > 0 && (
          <SelectFilter
            param="organisation"
            label="Organisation"
            value={organisation?.id}
            options={data.organisations.map((choice) => ({ value: choice.id, label: choice.name }))}
            emptyLabel="Bitte wählen"
            // Another organisation's products are no choice there.
            restart={{ products: undefined }}
          />
        )}
        <DayFilter
          label="Von"
          value={data.from}
          max={data.to}
          onChange={(from) => updateSearch({ from })}
        />
        <DayFilter
          label="Bis"
          value={data.to}
          min={data.from}
          onChange={(to) => updateSearch({ to })}
        />
        <SelectFilter
          param="category"
          label="Produktkategorie"
          value={data.category ?? undefined}
          options={categoryOptions}
          restart={{}}
        />
        {organisation && (
          <AnalysisProductFilter
            chosen={data.products}
            organisation={search.organisation}
            category={data.category}
          />
        )}
      </search>
      {ownClub && <AnnualReport />}
      {organisation === null ? (
        <EmptyState icon={ChartColumn} title="Organisation wählen">
          Als Plattform-Admin siehst du die Analyse einer Organisation, nachdem du sie oben gewählt
          hast.
        </EmptyState>
      ) : data.charts.length === 0 ? (
        <EmptyState icon={ChartColumn} title="Keine Auswertungen">
          Für diese Organisation gibt es keine Auswertungen.
        </EmptyState>
      ) : (
        <div className="grid gap-6 xl:grid-cols-2">
          {data.charts.map((chart) => (
            <ChartCard
              key={chart.key}
              chart={chart}
              csvPath={csvPathOf(chart, data, search.organisation)}
              fileName={analysisCsvFileName(chart.key, data.from, data.to)}
            />
          ))}
        </div>
      )}
    </>
  )
}

function csvPathOf(
  chart: AnalysisChart,
  view: { from: string; to: string; category: string | null; products: AnalysisProduct[] },
  organisation: string | undefined,
) {
  const params = new URLSearchParams({ chart: chart.key, from: view.from, to: view.to })
  if (view.category) params.set('category', view.category)
  if (organisation) params.set('organisation', organisation)
  for (const product of view.products) params.append('product', product.listingId)
  return `/api/analyse.csv?${params}`
}

/** One chart: title and what it counts, its CSV, the chart, and its table behind a disclosure. */
function ChartCard({
  chart,
  csvPath,
  fileName,
}: {
  chart: AnalysisChart
  csvPath: string
  fileName: string
}) {
  const headingId = useId()
  const title = analysisChartTitles[chart.key]
  const empty = isEmpty(chart)
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col rounded-card border border-border bg-surface p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-ink">
            {title}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">{analysisChartHints[chart.key]}</p>
        </div>
        <DownloadFileButton
          path={csvPath}
          fileName={fileName}
          label={`${title} als CSV herunterladen`}
        >
          CSV
        </DownloadFileButton>
      </div>
      {empty ? (
        <p className="mt-6 text-sm text-ink-muted">Keine Daten im gewählten Zeitraum.</p>
      ) : (
        <ChartFrame chart={chart} />
      )}
      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-medium text-brand-900 hover:underline">
          Daten als Tabelle
        </summary>
        <div className="mt-3">
          <ChartTable chart={chart} caption={title} />
        </div>
      </details>
    </section>
  )
}

function isEmpty(chart: AnalysisChart): boolean {
  switch (chart.key) {
    case 'revenue':
      return chart.rows.every((row) => row.orders === 0)
    case 'channels':
      return chart.rows.every((row) => orderOrigins.every((origin) => row.orders[origin] === 0))
    case 'thc':
      return chart.rows.every((row) => row.quantityMg === 0)
    default:
      return chart.rows.length === 0
  }
}

/**
 * The chart is a picture of its table, which screen readers and keyboards use instead: hidden
 * from them, drawn only in the browser (its size follows the card) once its code has loaded.
 */
function ChartFrame({ chart }: { chart: AnalysisChart }) {
  const placeholder = <div className="h-full rounded-lg bg-surface-muted" />
  return (
    <div
      className="mt-4"
      style={{ height: chartHeight(chart) }}
      aria-hidden="true"
      data-chart={chart.key}
    >
      <ClientOnly fallback={placeholder}>
        <Suspense fallback={placeholder}>
          <AnalysisChartView chart={chart} />
        </Suspense>
      </ClientOnly>
    </div>
  )
}

/**
 * Charts with a bar per product grow with their rows (two lines of label each for a product, two
 * bars each for the turnover).
 */
function chartHeight(chart: AnalysisChart): number {
  if (chart.key === 'topProducts') return Math.max(288, chart.rows.length * 36 + 48)
  if (chart.key === 'handOuts') return Math.max(288, chart.rows.length * 30 + 48)
  if (chart.key === 'turnover') return Math.max(288, chart.rows.length * 40 + 96)
  return 288
}

const cellClass = 'py-2 pr-4'
const numberClass = 'py-2 pr-4 text-right tabular-nums whitespace-nowrap'
const orNone = (value: number | null, show: (value: number) => string) =>
  value === null ? '–' : show(value)

/** The chart's rows as a table: the same figures as the CSV file, formatted for reading. */
function ChartTable({ chart, caption }: { chart: AnalysisChart; caption: string }) {
  switch (chart.key) {
    case 'revenue':
      return (
        <PlainTable
          caption={caption}
          scrolls
          columns={[
            { header: 'Monat' },
            { header: 'Bestellungen', numeric: true },
            { header: 'Umsatz netto', numeric: true },
          ]}
        >
          {chart.rows.map((row) => (
            <tr key={row.month} className={plainRowClass}>
              <td className={cellClass}>{formatMonth(row.month)}</td>
              <td className={numberClass}>{formatCount(row.orders)}</td>
              <td className={numberClass}>{formatMoney(row.netCents)}</td>
            </tr>
          ))}
        </PlainTable>
      )
    case 'topProducts':
      return (
        <PlainTable
          caption={caption}
          scrolls
          columns={[
            { header: 'Produkt' },
            { header: 'Menge', numeric: true },
            { header: 'Umsatz netto', numeric: true },
          ]}
        >
          {chart.rows.map((row) => (
            <tr key={row.listingId} className={plainRowClass}>
              <td className={cellClass}>{productOptionLabel(row)}</td>
              <td className={numberClass}>
                {formatQuantity(row.quantity, quantityUnitOfPack[row.packUnit])}
              </td>
              <td className={numberClass}>{formatMoney(row.netCents)}</td>
            </tr>
          ))}
        </PlainTable>
      )
    case 'channels':
      return (
        <PlainTable
          caption={caption}
          scrolls
          columns={[
            { header: 'Monat' },
            ...orderOrigins.map((origin) => ({ header: orderOriginLabels[origin], numeric: true })),
          ]}
        >
          {chart.rows.map((row) => (
            <tr key={row.month} className={plainRowClass}>
              <td className={cellClass}>{formatMonth(row.month)}</td>
              {orderOrigins.map((origin) => (
                <td key={origin} className={numberClass}>
                  {formatCount(row.orders[origin])}
                </td>
              ))}
            </tr>
          ))}
        </PlainTable>
      )
    case 'handOuts':
      return (
        <PlainTable
          caption={caption}
          scrolls
          columns={[
            { header: 'Sorte' },
            { header: 'Abgaben', numeric: true },
            { header: 'Menge', numeric: true },
            { header: 'Mitglieder', numeric: true },
            { header: 'THC Ø', numeric: true },
            { header: 'CBD Ø', numeric: true },
          ]}
        >
          {chart.rows.map((row) => (
            <tr key={`${row.name}:${row.unit}`} className={plainRowClass}>
              <td className={cellClass}>{row.name}</td>
              <td className={numberClass}>{formatCount(row.handouts)}</td>
              <td className={numberClass}>{formatQuantity(row.quantityMg, 'mg')}</td>
              <td className={numberClass}>{formatCount(row.members)}</td>
              <td className={numberClass}>{formatCannabinoid(row.averageThc, row.unit) ?? '–'}</td>
              <td className={numberClass}>{formatCannabinoid(row.averageCbd, row.unit) ?? '–'}</td>
            </tr>
          ))}
        </PlainTable>
      )
    case 'thc':
      return (
        <PlainTable
          caption={caption}
          scrolls
          columns={[
            { header: 'Monat' },
            { header: 'Menge', numeric: true },
            { header: 'THC Ø', numeric: true },
            { header: 'CBD Ø', numeric: true },
          ]}
        >
          {chart.rows.map((row) => (
            <tr key={row.month} className={plainRowClass}>
              <td className={cellClass}>{formatMonth(row.month)}</td>
              <td className={numberClass}>{formatQuantity(row.quantityMg, 'mg')}</td>
              <td className={numberClass}>
                {orNone(row.averageThc, (value) => `${formatDecimal(value)} %`)}
              </td>
              <td className={numberClass}>
                {orNone(row.averageCbd, (value) => `${formatDecimal(value)} %`)}
              </td>
            </tr>
          ))}
        </PlainTable>
      )
    case 'turnover':
      return (
        <PlainTable
          caption={caption}
          scrolls
          columns={[
            { header: 'Produkt' },
            { header: 'Abgang', numeric: true },
            { header: 'Anfangsbestand', numeric: true },
            { header: 'Endbestand', numeric: true },
            { header: 'Nutzbar heute', numeric: true },
            { header: 'Umschlag', numeric: true },
            { header: 'Reichweite', numeric: true },
          ]}
        >
          {chart.rows.map((row) => {
            const unit = quantityUnitOfPack[row.packUnit]
            return (
              <tr key={row.listingId} className={plainRowClass}>
                <td className={cellClass}>{productOptionLabel(row)}</td>
                <td className={numberClass}>{formatQuantity(row.outflow, unit)}</td>
                <td className={numberClass}>{formatQuantity(row.openingStock, unit)}</td>
                <td className={numberClass}>{formatQuantity(row.closingStock, unit)}</td>
                <td className={numberClass}>{formatQuantity(row.usableStock, unit)}</td>
                <td className={numberClass}>
                  {orNone(row.turnover, (value) => `${formatDecimal(value)} ×`)}
                </td>
                <td className={numberClass}>
                  {orNone(row.daysOfStock, (value) => `${formatCount(value)} Tage`)}
                </td>
              </tr>
            )
          })}
        </PlainTable>
      )
  }
}
