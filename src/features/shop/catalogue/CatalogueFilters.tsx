import { Link, useHydrated, useNavigate } from '@tanstack/react-router'
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef } from 'react'
import { formatMoney } from '~/lib/format'
import { formatDecimal, geneticsLabels } from '~/lib/product-display'
import {
  type CatalogueCategory,
  type CataloguePage,
  type CatalogueSearch,
  type CatalogueSort,
  catalogueListPaths,
  catalogueSortKeys,
  isCatalogueFiltered,
  parseCatalogueSearch,
  priceSorts,
} from '~/lib/shop-catalogue'
import { buttonClass } from '../../ui/buttons'
import { catalogueSortLabels } from './catalogue-words'

/** A form's fields as search params: repeated names (ticked boxes) as a list, empty ones left out. */
function searchOfForm(form: HTMLFormElement): CatalogueSearch {
  const data = new FormData(form)
  const raw: Record<string, unknown> = {}
  for (const key of new Set(data.keys())) {
    const values = data.getAll(key).filter((value) => value !== '')
    if (values.length > 0) raw[key] = values.length === 1 ? values[0] : values
  }
  return parseCatalogueSearch(raw)
}

const inputClass =
  'w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-ink focus-visible:outline-2'
const legendClass = 'mb-1 text-sm font-semibold text-ink'

function RangeFields({
  legend,
  minName,
  maxName,
  min,
  max,
  span,
  unit,
  step,
  format = formatDecimal,
}: {
  legend: string
  minName: string
  maxName: string
  min: number | undefined
  max: number | undefined
  span: { min: number; max: number } | null
  unit: string
  step: string
  format?: (value: number) => string
}) {
  const id = useId()
  const hint = span ? `${format(span.min)}–${format(span.max)}${unit ? ` ${unit}` : ''}` : null
  return (
    <fieldset aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className={legendClass}>{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mb-1 text-xs text-ink-muted">
          im Sortiment: {hint}
        </p>
      )}
      <div className="grid grid-cols-2 gap-2">
        <label className="text-xs text-ink-muted">
          von
          <input
            type="number"
            name={minName}
            min="0"
            step={step}
            inputMode="decimal"
            defaultValue={min ?? ''}
            className={inputClass}
          />
        </label>
        <label className="text-xs text-ink-muted">
          bis
          <input
            type="number"
            name={maxName}
            min="0"
            step={step}
            inputMode="decimal"
            defaultValue={max ?? ''}
            className={inputClass}
          />
        </label>
      </div>
    </fieldset>
  )
}

/** Typed fields (numbers, the search) apply once the typing pauses this long, or on Enter. */
const typingPauseMs = 600

/**
 * The catalogue's filters and text search as a plain GET form: without JavaScript it loads the
 * filtered list as a page (the button sends it); with it, every field applies in place at once —
 * options when chosen, typed fields when the typing pauses — so the button is hidden.
 * Every option says how many products it would leave.
 */
export function CatalogueFilters({
  category,
  data,
}: {
  category: CatalogueCategory
  data: CataloguePage
}) {
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const { search, facets } = data
  const path = catalogueListPaths[category]
  const unit = category === 'flower' ? '%' : 'mg/ml bzw. mg/g'
  const formKey = useFormKey(search)
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(pending.current), [])
  const apply = (form: HTMLFormElement) => {
    clearTimeout(pending.current)
    const next = searchOfForm(form)
    if (filtersOf(next) === filtersOf(search)) return
    formKey.applied(next)
    void navigate({ to: path, search: next as never })
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    apply(event.currentTarget)
  }
  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    const form = event.currentTarget
    const target = event.target as unknown as HTMLInputElement | HTMLSelectElement
    if (target.type !== 'number' && target.type !== 'search') return apply(form)
    clearTimeout(pending.current)
    pending.current = setTimeout(() => apply(form), typingPauseMs)
  }
  // Leaving a typed field applies it without waiting for the pause.
  const onBlur = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement
    if (target.type === 'number' || target.type === 'search') apply(event.currentTarget)
  }
  const sortKeys = data.pricesShown
    ? catalogueSortKeys
    : catalogueSortKeys.filter((key) => !priceSorts.includes(key))
  return (
    <form
      method="get"
      action={path}
      onSubmit={onSubmit}
      onChange={onChange}
      onBlur={onBlur}
      aria-label="Suche, Filter und Sortierung"
      className="space-y-5"
      key={formKey.current}
    >
      <label className="block">
        <span className={legendClass}>Suche</span>
        <input
          type="search"
          name="q"
          defaultValue={search.q ?? ''}
          maxLength={100}
          placeholder="Name, Sorte, Hersteller oder PZN"
          className={`mt-1 ${inputClass}`}
        />
      </label>
      <label className="block">
        <span className={legendClass}>Sortierung</span>
        <select name="sort" defaultValue={search.sort} className={`mt-1 ${inputClass}`}>
          {sortKeys.map((key: CatalogueSort) => (
            <option key={key} value={key}>
              {catalogueSortLabels[key]}
            </option>
          ))}
        </select>
      </label>
      <RangeFields
        legend="THC-Gehalt"
        minName="thcMin"
        maxName="thcMax"
        min={search.thcMin}
        max={search.thcMax}
        span={facets.thc}
        unit={unit}
        step="0.1"
      />
      <RangeFields
        legend="CBD-Gehalt"
        minName="cbdMin"
        maxName="cbdMax"
        min={search.cbdMin}
        max={search.cbdMax}
        span={facets.cbd}
        unit={unit}
        step="0.1"
      />
      {facets.genetics.length > 0 && (
        <fieldset>
          <legend className={legendClass}>Genetik</legend>
          <ul className="space-y-1">
            {facets.genetics.map((option) => (
              <li key={option.value}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="genetics"
                    value={option.value}
                    defaultChecked={search.genetics?.includes(option.value) ?? false}
                    className="size-4"
                  />
                  {geneticsLabels[option.value]} ({option.count})
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <FacetSelect
        label="Hersteller"
        name="producer"
        all="Alle Hersteller"
        value={search.producer}
        options={facets.producers}
      />
      <FacetSelect
        label="Terpen"
        name="terpene"
        all="Alle Terpene"
        value={search.terpene}
        options={facets.terpenes}
      />
      <label className="block">
        <span className={legendClass}>Bestrahlung</span>
        <select
          name="irradiated"
          defaultValue={search.irradiated ?? ''}
          className={`mt-1 ${inputClass}`}
        >
          <option value="">Alle</option>
          {facets.irradiated.map((option) => (
            <option key={option.value} value={option.value}>
              {option.value === 'yes' ? 'nur bestrahlte' : 'nur unbestrahlte'} ({option.count})
            </option>
          ))}
        </select>
      </label>
      {data.pricesShown && (
        <RangeFields
          legend="Preis je g bzw. ml"
          minName="priceMin"
          maxName="priceMax"
          min={search.priceMin}
          max={search.priceMax}
          span={facets.price}
          unit=""
          step="0.01"
          format={(euros) => formatMoney(Math.round(euros * 100))}
        />
      )}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="available"
          value="yes"
          defaultChecked={search.available ?? false}
          className="size-4"
        />
        Nur vorrätige ({facets.available})
      </label>
      <div className="flex flex-wrap gap-2">
        {/* Without JavaScript the only way to send the form; hidden, it still takes Enter. */}
        <button type="submit" hidden={hydrated} className={buttonClass('primary')}>
          Filter anwenden
        </button>
        {isCatalogueFiltered(search) && (
          <Link to={path} search={{} as never} className={buttonClass('secondary')}>
            Filter zurücksetzen
          </Link>
        )}
      </div>
    </form>
  )
}

const filtersOf = (search: CatalogueSearch) => JSON.stringify({ ...search, page: undefined })

/**
 * The form's fields are uncontrolled: a search that did not come from the form itself (a link,
 * the browser's back button) remounts it so they start from the URL; one the form sent keeps it,
 * and with it the focus of the box just ticked.
 */
function useFormKey(search: CatalogueSearch) {
  const state = useRef({ generation: 0, shown: filtersOf(search), sent: '' })
  const shown = filtersOf(search)
  if (shown !== state.current.shown) {
    if (shown !== state.current.sent) state.current.generation++
    state.current.shown = shown
  }
  return {
    current: state.current.generation,
    applied: (next: CatalogueSearch) => {
      state.current.sent = filtersOf(next)
    },
  }
}

function FacetSelect({
  label,
  name,
  all,
  value,
  options,
}: {
  label: string
  name: string
  all: string
  value: string | undefined
  options: { value: string; count: number }[]
}) {
  if (options.length === 0) return null
  return (
    <label className="block">
      <span className={legendClass}>{label}</span>
      <select name={name} defaultValue={value ?? ''} className={`mt-1 ${inputClass}`}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.value} ({option.count})
          </option>
        ))}
      </select>
    </label>
  )
}
