import type { ReactNode } from 'react'
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  Tooltip,
  XAxis,
  YAxis,
  type YAxisTickContentProps,
} from 'recharts'
import {
  type AnalysisChart,
  type AnalysisProduct,
  formatMonth,
  orderOriginLabels,
  orderOrigins,
} from '~/lib/analysis'
import { formatCount } from '~/lib/format'
import { formatDecimal, productOptionLabel, productPackAndPzn } from '~/lib/products'

/**
 * The charts of `/analyse` (recharts), loaded by the page after it hydrated: the library stays
 * out of every first load. Each draws its table's figures; the table is what assistive
 * technology reads, so the charts take no focus (`accessibilityLayer` off).
 */

/** The theme's colours (app.css), with their values for a document without the stylesheet. */
const colours = {
  brand: 'var(--color-brand-600, #23733f)',
  brandLight: 'var(--color-brand-200, #b9dec6)',
  info: 'var(--color-info, #1e56a0)',
  warning: 'var(--color-warning, #a15c07)',
  ink: 'var(--color-ink-muted, #56615a)',
  grid: 'var(--color-border, #dfe3e0)',
}

const originColours = [colours.brand, colours.info, colours.warning, colours.brandLight]

const euros = (value: number) =>
  new Intl.NumberFormat('de-DE', {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: value >= 1000 ? 0 : 2,
    notation: value >= 100_000 ? 'compact' : 'standard',
  }).format(value)

const axis = { stroke: colours.ink, fontSize: 12, tickLine: false }

/** A product name as an axis label: long ones cut, the table has them whole. */
const shortName = (name: string) => (name.length > 22 ? `${name.slice(0, 21)}…` : name)

/** Legend entries in the text colour: the series colour is the swatch's, not the reading's. */
const legendText = (value: string) => <span style={{ color: colours.ink }}>{value}</span>

function Frame({ children }: { children: ReactNode }) {
  return <div className="h-full w-full text-xs">{children}</div>
}

const common = {
  accessibilityLayer: false,
  responsive: true,
  style: { width: '100%', height: '100%' },
  margin: { top: 8, right: 12, bottom: 4, left: 4 },
} as const

/** A bar's row on a category axis: its key, and the name (with a second line) it shows. */
interface NamedRow {
  key: string
  name: string
  detail?: string
  /** What the tooltip calls it. */
  label: string
}

/**
 * A product's row: keyed by its listing, so two of one name stay two bars; the axis shows the
 * name over its pack size and PZN, the tooltip the picker's whole label.
 */
const productRow = (product: AnalysisProduct): NamedRow => ({
  key: product.listingId,
  name: product.name,
  detail: productPackAndPzn(product),
  label: productOptionLabel(product),
})

/** The axis label of a row: its name, cut, and its second line in smaller type. */
function rowTick(rows: readonly NamedRow[]) {
  const byKey = new Map(rows.map((row) => [row.key, row]))
  return ({ x, y, payload }: YAxisTickContentProps) => {
    const key = String(payload.value)
    const row = byKey.get(key)
    return (
      <g transform={`translate(${x},${y})`}>
        <text textAnchor="end" fill={colours.ink} fontSize={12} dy={row?.detail ? -1 : 4}>
          {shortName(row?.name ?? key)}
        </text>
        {row?.detail && (
          <text textAnchor="end" fill={colours.ink} fontSize={10} dy={11}>
            {row.detail}
          </text>
        )}
      </g>
    )
  }
}

/** The category axis of named rows, and the tooltip's title for a row. */
function rowAxis(rows: readonly NamedRow[]) {
  const labels = new Map(rows.map((row) => [row.key, row.label]))
  return {
    yAxis: <YAxis type="category" dataKey="key" width={160} {...axis} tick={rowTick(rows)} />,
    label: (key: unknown) => labels.get(String(key)) ?? String(key),
  }
}

/** A horizontal bar per row, for names too long for an axis below the bars. */
function NamedBars({
  data,
  label,
  format,
}: {
  data: (NamedRow & { value: number })[]
  label: string
  format: (value: number) => string
}) {
  const rows = rowAxis(data)
  return (
    <BarChart {...common} layout="vertical" data={data}>
      <CartesianGrid horizontal={false} stroke={colours.grid} />
      <XAxis type="number" {...axis} tickFormatter={format} />
      {rows.yAxis}
      <Tooltip labelFormatter={rows.label} formatter={(entry) => format(Number(entry))} />
      <Bar dataKey="value" name={label} fill={colours.brand} radius={[0, 4, 4, 0]} />
    </BarChart>
  )
}

export default function AnalysisChartView({ chart }: { chart: AnalysisChart }) {
  switch (chart.key) {
    case 'revenue':
      return (
        <Frame>
          <BarChart
            {...common}
            data={chart.rows.map((row) => ({
              month: formatMonth(row.month),
              value: row.netCents / 100,
            }))}
          >
            <CartesianGrid vertical={false} stroke={colours.grid} />
            <XAxis dataKey="month" {...axis} />
            <YAxis {...axis} width={72} tickFormatter={euros} />
            <Tooltip formatter={(entry) => euros(Number(entry))} />
            <Bar dataKey="value" name="Umsatz netto" fill={colours.brand} radius={[4, 4, 0, 0]} />
          </BarChart>
        </Frame>
      )
    case 'topProducts':
      return (
        <Frame>
          <NamedBars
            data={chart.rows.map((row) => ({ ...productRow(row), value: row.netCents / 100 }))}
            label="Umsatz netto"
            format={euros}
          />
        </Frame>
      )
    case 'channels': {
      // Only the ways orders actually came in (a pharmacy has no buyers' purchase orders).
      const origins = orderOrigins.filter((origin) =>
        chart.rows.some((row) => row.orders[origin] > 0),
      )
      return (
        <Frame>
          <BarChart
            {...common}
            data={chart.rows.map((row) => ({ month: formatMonth(row.month), ...row.orders }))}
          >
            <CartesianGrid vertical={false} stroke={colours.grid} />
            <XAxis dataKey="month" {...axis} />
            <YAxis {...axis} width={40} allowDecimals={false} />
            <Tooltip />
            <Legend formatter={legendText} />
            {origins.map((origin) => (
              <Bar
                key={origin}
                dataKey={origin}
                name={orderOriginLabels[origin]}
                stackId="orders"
                fill={originColours[orderOrigins.indexOf(origin)]}
              />
            ))}
          </BarChart>
        </Frame>
      )
    }
    case 'handOuts':
      return (
        <Frame>
          <NamedBars
            data={chart.rows.map((row) => ({
              // A variety is one bar per unit its contents were measured in.
              key: `${row.name}:${row.unit}`,
              name: row.name,
              label: row.name,
              value: row.quantityMg / 1000,
            }))}
            label="Menge (g)"
            format={(value) => `${formatDecimal(value)} g`}
          />
        </Frame>
      )
    case 'thc':
      return (
        <Frame>
          <ComposedChart
            {...common}
            data={chart.rows.map((row) => ({
              month: formatMonth(row.month),
              grams: row.quantityMg / 1000,
              thc: row.averageThc,
            }))}
          >
            <CartesianGrid vertical={false} stroke={colours.grid} />
            <XAxis dataKey="month" {...axis} />
            <YAxis
              yAxisId="grams"
              {...axis}
              width={56}
              tickFormatter={(value) => `${formatCount(value)} g`}
            />
            <YAxis
              yAxisId="thc"
              orientation="right"
              {...axis}
              width={48}
              tickFormatter={(value) => `${formatDecimal(value)} %`}
            />
            <Tooltip />
            <Legend formatter={legendText} />
            <Bar yAxisId="grams" dataKey="grams" name="Menge (g)" fill={colours.brandLight} />
            <Line
              yAxisId="thc"
              dataKey="thc"
              name="THC Ø (%)"
              stroke={colours.brand}
              strokeWidth={2}
              connectNulls
              dot={false}
            />
          </ComposedChart>
        </Frame>
      )
    case 'turnover': {
      const data = chart.rows.map((row) => ({
        ...productRow(row),
        turnover: row.turnover ?? 0,
        days: row.daysOfStock ?? 0,
      }))
      const rows = rowAxis(data)
      return (
        <Frame>
          <BarChart {...common} layout="vertical" data={data}>
            <CartesianGrid horizontal={false} stroke={colours.grid} />
            <XAxis
              xAxisId="turnover"
              type="number"
              orientation="top"
              {...axis}
              tickFormatter={(value) => `${formatDecimal(value)} ×`}
            />
            <XAxis
              xAxisId="days"
              type="number"
              orientation="bottom"
              {...axis}
              tickFormatter={(value) => `${formatCount(value)} T.`}
            />
            {rows.yAxis}
            <Tooltip labelFormatter={rows.label} />
            <Legend formatter={legendText} />
            <Bar xAxisId="turnover" dataKey="turnover" name="Umschlag (×)" fill={colours.brand} />
            <Bar xAxisId="days" dataKey="days" name="Reichweite (Tage)" fill={colours.info} />
          </BarChart>
        </Frame>
      )
    }
  }
}
