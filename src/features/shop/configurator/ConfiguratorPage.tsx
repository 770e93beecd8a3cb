import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { shellIcon } from '~/features/shell/icons'
import { Button, buttonClass } from '~/features/ui/buttons'
import { PageHeader } from '~/features/ui/PageHeader'
import { StatusBadge, type StatusTone } from '~/features/ui/StatusBadge'
import {
  amountOptions,
  amountUnitOf,
  type ConfigurationField,
  type ConfiguratorCategory,
  type ConfiguratorProduct,
  checkConfiguration,
  configurationFromSearch,
  configurationQueryString,
  configuratorCategories,
  configuratorCategoryLabels,
  configuratorPayerLabels,
  configuratorPayers,
  doseUnitLabels,
  doseUnitsOf,
  dronabinolFormLabels,
  dronabinolForms,
  flowerFormLabels,
  flowerForms,
  hintsOf,
  isComplete,
  type PrescriptionConfiguration,
  prescriptionText,
  productCategoryOf,
  reservationProblem,
  searchFromConfiguration,
  strengthsOf,
  switchCategory,
  unitAmount,
} from '~/lib/prescription-configurator'
import { formatCannabinoid, formatDecimal } from '~/lib/product-display'
import { type AvailabilityLevel, availabilityLabels } from '~/lib/shop'
import { Tabs } from '../../ui/Tabs'
import { toast } from '../../ui/toast'
import { PackPhoto } from '../catalogue/PackPhoto'
import { ConfiguratorField, DecimalInput, RadioGroup } from './ConfiguratorFields'
import { configuratorProductsQuery } from './configurator.queries'

const route = getRouteApi('/_shop/rezeptkonfigurator')

export const samplePdfPath = '/api/shop/prescription-sample.pdf'
const freeProduct = 'frei'

const availabilityTones: Record<AvailabilityLevel, StatusTone> = {
  in_stock: 'success',
  out_of_stock: 'danger',
}

export function AvailabilityBadge({ product }: { product: ConfiguratorProduct }) {
  return (
    <StatusBadge tone={availabilityTones[product.availability]}>
      {availabilityLabels[product.availability]}
    </StatusBadge>
  )
}

/** Name, THC and the pack when it is sold by the pack: two listings may share a name. */
const productDescription = (product: ConfiguratorProduct) => {
  const thc = formatCannabinoid(product.thc, product.cannabinoidUnit)
  const loose = product.packUnit === 'g' && product.baseUnitsPerSalesUnit === 1000
  const unit = product.packUnit === 'piece' ? 'Stück' : product.packUnit
  const details = [
    thc && `THC ${thc}`,
    !loose && `Packung à ${formatDecimal(unitAmount(product))} ${unit}`,
  ].filter(Boolean)
  return `${product.name}${details.length > 0 ? ` (${details.join(', ')})` : ''}`
}

const productLabel = (product: ConfiguratorProduct) =>
  `${productDescription(product)} – ${availabilityLabels[product.availability]}`

// The page's own icons, drawn as lucide draws them, without lucide's runtime (ADR 029).
const TriangleAlertIcon = shellIcon(
  <path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3M12 9v4M12 17h.01" />,
)
const CopyIcon = shellIcon(
  <>
    <rect width="14" height="14" x="8" y="8" rx="2" ry="2" />
    <path d="M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2" />
  </>,
)
const FileDownIcon = shellIcon(
  <path d="M6 22a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h8a2.4 2.4 0 0 1 1.704.706l3.588 3.588A2.4 2.4 0 0 1 20 8v12a2 2 0 0 1-2 2zM14 2v5a1 1 0 0 0 1 1h5M12 18v-6M9 15l3 3 3-3" />,
)
const Link2Icon = shellIcon(<path d="M9 17H7A5 5 0 0 1 7 7h2M15 7h2a5 5 0 1 1 0 10h-2M8 12h8" />)
const PackageCheckIcon = shellIcon(
  <path d="M12 22V12M16 17l2 2 4-4M21 11.127V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.729l7 4a2 2 0 0 0 2 .001l1.32-.753M3.29 7 12 12l8.71-5M7.5 4.27l8.997 5.148" />,
)

/**
 * The reservation dialog brings the form layer and the dialog primitives (ADR 029): it loads once
 * the prescription is complete or the button is pointed at, not with the page.
 */
const loadReserveDialog = () => import('./ReserveDialog')
const ReserveDialog = lazy(() =>
  loadReserveDialog().then(({ ReserveDialog }) => ({ default: ReserveDialog })),
)

/** The Rezeptkonfigurator: the configuration is the URL, so every state is a shareable link. */
export function ConfiguratorPage() {
  const search = route.useSearch()
  const navigate = useNavigate()
  const { data: products } = useSuspenseQuery(configuratorProductsQuery())
  const chosen = search.produkt
    ? (products.find((product) => product.id === search.produkt) ?? null)
    : null
  const configuration = configurationFromSearch(search, chosen?.category)
  const product =
    chosen && productCategoryOf[configuration.category] === chosen.category ? chosen : null
  const check = checkConfiguration(configuration, product)
  const text = prescriptionText(configuration, product)
  const hints = hintsOf(configuration)
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const [showAll, setShowAll] = useState(false)
  const [reserving, setReserving] = useState(false)
  /** A product the pharmacy does not list, entered by name ("nicht im Sortiment"). */
  const [freeEntry, setFreeEntry] = useState(
    Boolean(configuration.productName || configuration.thc !== null || configuration.cbd !== null),
  )
  const [reserved, setReserved] = useState<string | null>(null)
  // Once the dialog has closed (and with it its guard against leaving a changed form).
  useEffect(() => {
    if (reserved && !reserving) {
      void navigate({ to: '/reservierung/$id', params: { id: reserved } })
    }
  }, [reserved, reserving, navigate])

  const update = (changes: Partial<PrescriptionConfiguration>, field?: ConfigurationField) => {
    if (field) setTouched((current) => new Set(current).add(field))
    void navigate({
      to: '/rezeptkonfigurator',
      search: searchFromConfiguration({ ...configuration, ...changes }),
      replace: true,
      resetScroll: false,
    })
  }
  const errorOf = (field: ConfigurationField) =>
    showAll || touched.has(field) ? (check.errors[field] ?? null) : null

  const categoryProducts = products.filter(
    (candidate) => candidate.category === productCategoryOf[configuration.category],
  )
  const query = configurationQueryString(configuration)
  const complete = isComplete(check)
  const reserveRefusal = complete ? reservationProblem(configuration, product) : null
  useEffect(() => {
    if (complete && reserveRefusal === null) void loadReserveDialog()
  }, [complete, reserveRefusal])
  const unit = amountUnitOf(configuration, product)
  const doseUnits = doseUnitsOf(configuration)
  const forms =
    configuration.category === 'bluete'
      ? flowerForms.map((value) => ({ value, label: flowerFormLabels[value] }))
      : configuration.category === 'dronabinol'
        ? dronabinolForms.map((value) => ({ value, label: dronabinolFormLabels[value] }))
        : []
  const strengths = product ? [] : strengthsOf(configuration)
  const amounts = amountOptions(configuration, product)
  if (configuration.amount !== null && !amounts.includes(configuration.amount)) {
    amounts.push(configuration.amount)
    amounts.sort((a, b) => a - b)
  }
  const formulaCategory =
    configuration.category === 'cbd' || configuration.category === 'dronabinol'
  const needsFreeName = !product && !formulaCategory && freeEntry
  const needsContent =
    needsFreeName && (configuration.category === 'bluete' || configuration.category === 'extrakt')
  const contentUnit = configuration.category === 'bluete' ? '%' : 'mg/ml'

  async function copy(value: string, done: string) {
    try {
      await navigator.clipboard.writeText(value)
      toast.success(done)
    } catch {
      toast.error(
        'Kopieren ist in diesem Browser nicht möglich. Bitte markieren und kopieren Sie selbst.',
      )
    }
  }

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Rezeptkonfigurator"
        description="Stellen Sie eine Verordnung zusammen, die unsere Apotheke beliefern kann – für Ärztinnen und Ärzte als Vorlage, für Patientinnen und Patienten zum Reservieren."
      />
      <Tabs.Root
        value={configuration.category}
        onValueChange={(value) => {
          setFreeEntry(false)
          setTouched(new Set())
          setShowAll(false)
          void navigate({
            to: '/rezeptkonfigurator',
            search: searchFromConfiguration(
              switchCategory(configuration, value as ConfiguratorCategory),
            ),
            replace: true,
            resetScroll: false,
          })
        }}
        activationMode="manual"
      >
        <Tabs.List
          aria-label="Kategorie"
          className="mb-6 flex gap-1 overflow-x-auto rounded-lg bg-surface-muted p-1"
        >
          {configuratorCategories.map((category) => (
            <Tabs.Trigger
              key={category}
              value={category}
              className="shrink-0 rounded-md px-3 py-2 text-sm font-medium text-ink-muted hover:text-ink data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm"
            >
              {configuratorCategoryLabels[category]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {configuratorCategories.map((category) => (
          <Tabs.Content key={category} value={category} className="focus:outline-none">
            {category === configuration.category && (
              <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
                <form
                  className="grid gap-5 rounded-xl border border-border bg-surface p-4 sm:p-6"
                  aria-label={`Verordnung ${configuratorCategoryLabels[category]}`}
                  onSubmit={(event) => event.preventDefault()}
                >
                  <ConfiguratorField
                    id="produkt"
                    label={
                      configuration.category === 'bluete'
                        ? 'Sorte'
                        : configuration.category === 'cbd' ||
                            configuration.category === 'dronabinol'
                          ? 'Fertigprodukt (optional)'
                          : 'Produkt'
                    }
                    hint={
                      categoryProducts.length === 0
                        ? 'Die Apotheke führt in dieser Kategorie derzeit nichts im Shop.'
                        : undefined
                    }
                    error={errorOf('productId') ?? (needsFreeName ? null : errorOf('productName'))}
                  >
                    {(control) => (
                      <select
                        {...control}
                        value={configuration.productId ?? (freeEntry ? freeProduct : '')}
                        onChange={(event) => {
                          const choice = event.target.value
                          setFreeEntry(choice === freeProduct)
                          update(
                            {
                              productId: choice === freeProduct || choice === '' ? null : choice,
                              productName: '',
                              thc: null,
                              cbd: null,
                            },
                            'productId',
                          )
                        }}
                      >
                        <option value="">
                          {formulaCategory
                            ? 'Rezeptur nach NRF, ohne bestimmtes Fertigprodukt'
                            : 'Bitte wählen'}
                        </option>
                        {categoryProducts.map((option) => (
                          <option key={option.id} value={option.id}>
                            {productLabel(option)}
                          </option>
                        ))}
                        {!formulaCategory && (
                          <option value={freeProduct}>Anderes Produkt – nicht im Sortiment</option>
                        )}
                      </select>
                    )}
                  </ConfiguratorField>

                  {product && (
                    <div className="flex flex-wrap items-center gap-3 text-sm">
                      <PackPhoto
                        fileId={product.packPhotoId}
                        name={product.name}
                        className="size-16"
                      />
                      <div className="flex flex-wrap items-center gap-2" aria-live="polite">
                        <span className="text-ink-muted">Verfügbarkeit:</span>
                        <AvailabilityBadge product={product} />
                      </div>
                    </div>
                  )}
                  {needsFreeName && (
                    <ConfiguratorField
                      id="name"
                      label={
                        configuration.category === 'bluete'
                          ? 'Name der Sorte (nicht im Sortiment)'
                          : 'Produktname (nicht im Sortiment)'
                      }
                      error={errorOf('productName')}
                    >
                      {(control) => (
                        <input
                          {...control}
                          type="text"
                          maxLength={200}
                          autoComplete="off"
                          value={configuration.productName}
                          onChange={(event) =>
                            update({ productName: event.target.value }, 'productName')
                          }
                        />
                      )}
                    </ConfiguratorField>
                  )}
                  {needsContent && (
                    <div className="grid gap-4 sm:grid-cols-2">
                      <ConfiguratorField
                        id="thc"
                        label={`THC-Gehalt (${contentUnit})`}
                        error={errorOf('thc')}
                      >
                        {(control) => (
                          <DecimalInput
                            control={control}
                            value={configuration.thc}
                            suffix={contentUnit}
                            onChange={(thc) => update({ thc }, 'thc')}
                          />
                        )}
                      </ConfiguratorField>
                      <ConfiguratorField
                        id="cbd"
                        label={`CBD-Gehalt (${contentUnit})`}
                        error={errorOf('cbd')}
                      >
                        {(control) => (
                          <DecimalInput
                            control={control}
                            value={configuration.cbd}
                            suffix={contentUnit}
                            onChange={(cbd) => update({ cbd }, 'cbd')}
                          />
                        )}
                      </ConfiguratorField>
                    </div>
                  )}

                  {forms.length > 0 && (
                    <RadioGroup
                      name="form"
                      legend="Darreichungsform"
                      options={forms}
                      value={configuration.form}
                      error={errorOf('form')}
                      onChange={(form) =>
                        update(
                          configuration.category === 'dronabinol'
                            ? {
                                form,
                                strength: form === 'kapseln' ? 5 : 25,
                                amount: null,
                                doseUnit: form === 'kapseln' ? 'kapseln' : 'tropfen',
                              }
                            : { form },
                          'form',
                        )
                      }
                    />
                  )}

                  {strengths.length > 0 && (
                    <ConfiguratorField id="staerke" label="Stärke" error={errorOf('strength')}>
                      {(control) => (
                        <select
                          {...control}
                          value={configuration.strength ?? ''}
                          onChange={(event) =>
                            update({ strength: Number(event.target.value) }, 'strength')
                          }
                        >
                          {configuration.strength === null && (
                            <option value="">Bitte wählen</option>
                          )}
                          {strengths.map((strength) => (
                            <option key={strength} value={strength}>
                              {formatDecimal(strength)}{' '}
                              {configuration.form === 'kapseln' ? 'mg je Kapsel' : 'mg/ml'}
                            </option>
                          ))}
                        </select>
                      )}
                    </ConfiguratorField>
                  )}

                  <ConfiguratorField
                    id="menge"
                    label={`Menge (${unit === 'Stk' ? 'Stück' : unit})`}
                    hint={
                      product
                        ? 'In den Einheiten, in denen die Apotheke das Produkt abgibt.'
                        : undefined
                    }
                    error={errorOf('amount')}
                  >
                    {(control) => (
                      <select
                        {...control}
                        value={configuration.amount ?? ''}
                        onChange={(event) =>
                          update(
                            {
                              amount: event.target.value === '' ? null : Number(event.target.value),
                            },
                            'amount',
                          )
                        }
                      >
                        <option value="">Bitte wählen</option>
                        {amounts.map((amount) => (
                          <option key={amount} value={amount}>
                            {formatDecimal(amount)} {unit === 'Stk' ? 'Stück' : unit}
                          </option>
                        ))}
                      </select>
                    )}
                  </ConfiguratorField>

                  {doseUnits.length > 0 && (
                    <>
                      <RadioGroup
                        name="anweisung"
                        legend="Gebrauchsanweisung"
                        options={[
                          { value: 'dosis', label: 'Einzel- und Tagesdosis (ED / TD)' },
                          { value: 'schriftlich', label: 'gemäß schriftlicher Anweisung' },
                        ]}
                        value={configuration.directions}
                        onChange={(directions) => update({ directions })}
                      />
                      {configuration.directions === 'dosis' && (
                        <div className="grid gap-4 sm:grid-cols-3">
                          <ConfiguratorField
                            id="ed"
                            label="Einzeldosis (ED)"
                            error={errorOf('singleDose')}
                          >
                            {(control) => (
                              <DecimalInput
                                control={control}
                                value={configuration.singleDose}
                                onChange={(singleDose) => update({ singleDose }, 'singleDose')}
                              />
                            )}
                          </ConfiguratorField>
                          <ConfiguratorField
                            id="td"
                            label="Tagesdosis (TD)"
                            error={errorOf('dailyDose')}
                          >
                            {(control) => (
                              <DecimalInput
                                control={control}
                                value={configuration.dailyDose}
                                onChange={(dailyDose) => update({ dailyDose }, 'dailyDose')}
                              />
                            )}
                          </ConfiguratorField>
                          <ConfiguratorField
                            id="einheit"
                            label="Einheit"
                            error={errorOf('doseUnit')}
                          >
                            {(control) => (
                              <select
                                {...control}
                                value={configuration.doseUnit ?? ''}
                                onChange={(event) =>
                                  update(
                                    {
                                      doseUnit: event.target
                                        .value as PrescriptionConfiguration['doseUnit'],
                                    },
                                    'doseUnit',
                                  )
                                }
                              >
                                {doseUnits.map((doseUnit) => (
                                  <option key={doseUnit} value={doseUnit}>
                                    {doseUnitLabels[doseUnit]}
                                  </option>
                                ))}
                              </select>
                            )}
                          </ConfiguratorField>
                        </div>
                      )}
                      {configuration.directions === 'schriftlich' && errorOf('singleDose') && (
                        <p className="text-sm text-danger">{errorOf('singleDose')}</p>
                      )}
                    </>
                  )}

                  <details
                    className="rounded-lg border border-border p-3"
                    open={Boolean(
                      configuration.prescriberName ||
                        configuration.patientName ||
                        configuration.payer,
                    )}
                  >
                    <summary className="cursor-pointer text-sm font-medium text-ink">
                      Angaben für das Muster-PDF (optional)
                    </summary>
                    <div className="mt-4 grid gap-4 sm:grid-cols-2">
                      <ConfiguratorField id="kostentraeger" label="Kostenträger">
                        {(control) => (
                          <select
                            {...control}
                            value={configuration.payer ?? ''}
                            onChange={(event) =>
                              update({
                                payer: (event.target.value ||
                                  null) as PrescriptionConfiguration['payer'],
                              })
                            }
                          >
                            <option value="">Keine Angabe</option>
                            {configuratorPayers.map((payer) => (
                              <option key={payer} value={payer}>
                                {configuratorPayerLabels[payer]}
                              </option>
                            ))}
                          </select>
                        )}
                      </ConfiguratorField>
                      <ConfiguratorField
                        id="datum"
                        label="Ausstellungsdatum"
                        error={errorOf('issuedOn')}
                      >
                        {(control) => (
                          <input
                            {...control}
                            type="date"
                            value={configuration.issuedOn}
                            onChange={(event) =>
                              update({ issuedOn: event.target.value }, 'issuedOn')
                            }
                          />
                        )}
                      </ConfiguratorField>
                      {(
                        [
                          ['arzt', 'Verschreibende Person', 'prescriberName', 'name'],
                          ['praxis', 'Praxisanschrift', 'prescriberAddress', 'street-address'],
                          ['telefon', 'Telefon der Praxis', 'prescriberPhone', 'tel'],
                          ['patient', 'Name der Patientin / des Patienten', 'patientName', 'off'],
                        ] as const
                      ).map(([id, label, field, autoComplete]) => (
                        <ConfiguratorField key={id} id={id} label={label}>
                          {(control) => (
                            <input
                              {...control}
                              type="text"
                              maxLength={200}
                              autoComplete={autoComplete}
                              value={configuration[field]}
                              onChange={(event) => update({ [field]: event.target.value })}
                            />
                          )}
                        </ConfiguratorField>
                      ))}
                      <ConfiguratorField
                        id="geboren"
                        label="Geburtsdatum"
                        error={errorOf('patientBirthDate')}
                      >
                        {(control) => (
                          <input
                            {...control}
                            type="date"
                            value={configuration.patientBirthDate}
                            onChange={(event) =>
                              update({ patientBirthDate: event.target.value }, 'patientBirthDate')
                            }
                          />
                        )}
                      </ConfiguratorField>
                    </div>
                  </details>
                </form>

                <aside
                  className="grid content-start gap-4 lg:sticky lg:top-4"
                  aria-label="Verordnungstext und Aktionen"
                >
                  <section
                    aria-labelledby="text-title"
                    className="rounded-xl border border-border bg-surface p-4 sm:p-6"
                  >
                    <h2 id="text-title" className="text-sm font-semibold text-ink">
                      Verordnungstext
                    </h2>
                    <p
                      className="mt-2 break-words font-mono text-sm text-ink"
                      aria-live="polite"
                      data-testid="prescription-text"
                    >
                      {text}
                    </p>
                    {!complete && (
                      <p className="mt-2 text-sm text-ink-muted">
                        Noch{' '}
                        {Object.keys(check.errors).length === 1
                          ? 'fehlt eine Angabe'
                          : `fehlen ${Object.keys(check.errors).length} Angaben`}{' '}
                        („…“).{' '}
                        <button
                          type="button"
                          className="font-medium text-brand-700 underline"
                          onClick={() => setShowAll(true)}
                        >
                          Anzeigen
                        </button>
                      </p>
                    )}
                    {check.warnings.map((warning) => (
                      <p
                        key={warning}
                        role="status"
                        className="mt-3 flex gap-2 rounded-lg border border-warning/30 bg-warning-soft px-3 py-2 text-sm text-warning"
                      >
                        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" />
                        {warning}
                      </p>
                    ))}
                    <div className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
                      <Button
                        variant="secondary"
                        onClick={() => void copy(text, 'Der Verordnungstext wurde kopiert.')}
                      >
                        <CopyIcon className="size-4" />
                        Text kopieren
                      </Button>
                      <a
                        className={buttonClass('secondary')}
                        href={`${samplePdfPath}?${query}`}
                        download="Muster-Rezept.pdf"
                      >
                        <FileDownIcon className="size-4" />
                        Muster-PDF herunterladen
                      </a>
                      <Button
                        variant="secondary"
                        onClick={() =>
                          void copy(
                            `${window.location.origin}/rezeptkonfigurator?${query}`,
                            'Der Link wurde kopiert.',
                          )
                        }
                      >
                        <Link2Icon className="size-4" />
                        Link teilen
                      </Button>
                      <Button
                        onClick={() => {
                          if (!complete) {
                            setShowAll(true)
                            toast.error('Bitte vervollständigen Sie zuerst die Verordnung.')
                            return
                          }
                          setReserving(true)
                        }}
                        onPointerEnter={() => void loadReserveDialog()}
                        onFocus={() => void loadReserveDialog()}
                        disabled={complete && reserveRefusal !== null}
                        aria-describedby={reserveRefusal ? 'reserve-refusal' : 'reserve-hint'}
                      >
                        <PackageCheckIcon className="size-4" />
                        Reservieren
                      </Button>
                    </div>
                    {reserveRefusal ? (
                      <p id="reserve-refusal" className="mt-2 text-sm text-ink-muted">
                        {reserveRefusal}
                      </p>
                    ) : (
                      <p id="reserve-hint" className="mt-2 text-sm text-ink-muted">
                        Wir legen die Ware 72 Stunden für Sie zurück. Abgegeben wird sie nur gegen
                        ein gültiges Rezept.
                      </p>
                    )}
                  </section>
                  <section
                    aria-labelledby="hints-title"
                    className="rounded-xl border border-border bg-surface p-4 text-sm sm:p-6"
                  >
                    <h2 id="hints-title" className="font-semibold text-ink">
                      Was auf das Rezept gehört
                    </h2>
                    <ul className="mt-2 list-disc space-y-1 pl-5 text-ink-muted">
                      {hints.requirements.map((requirement) => (
                        <li key={requirement}>{requirement}</li>
                      ))}
                    </ul>
                    <p className="mt-3 text-ink-muted">{hints.validity}</p>
                    <p className="mt-3 text-ink-muted">
                      Seit April 2024 genügt ein normales Rezept (Muster 16, Privatrezept oder
                      E-Rezept); ein Betäubungsmittelrezept ist nicht mehr nötig.
                    </p>
                  </section>
                </aside>
              </div>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {reserving && product && (
        <Suspense fallback={null}>
          <ReserveDialog
            open={reserving}
            onOpenChange={setReserving}
            configuration={configuration}
            product={product}
            onReserved={setReserved}
          />
        </Suspense>
      )}
    </div>
  )
}
