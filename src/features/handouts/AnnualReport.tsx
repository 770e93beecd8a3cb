import { useId, useState } from 'react'
import { berlinIsoDate } from '~/lib/format'
import { DownloadFileButton } from '../documents/DownloadFileButton'
import { inputClass } from '../forms/field-parts'

const currentYear = () => Number(berlinIsoDate().slice(0, 4))

/**
 * The annual report for the authority (§ 26 Abs. 3 KCanG): per variety the stock ledger's grams
 * (opening, harvested, handed out, destroyed, corrected, closing) and the average THC and CBD,
 * with the number of members — for a chosen calendar year, as CSV or PDF.
 */
export function AnnualReport() {
  const id = useId()
  const latest = currentYear()
  const years = Array.from({ length: Math.max(1, latest - 2023) }, (_, index) => latest - index)
  const [year, setYear] = useState(latest)
  const path = (format: 'csv' | 'pdf') => `/api/abgabe/jahresbericht?year=${year}&format=${format}`
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mb-6 flex flex-wrap items-end gap-3 rounded-card border border-border bg-surface p-4"
    >
      <div className="mr-auto">
        <h2 id={`${id}-title`} className="font-semibold text-ink">
          Jahresbericht
        </h2>
        <p className="text-sm text-ink-muted">
          Je Sorte Bestand, Ernte, Abgabe und Vernichtung mit THC und CBD, Zahl der Mitglieder (§ 26
          Abs. 3 KCanG).
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-year`} className="block text-sm font-medium text-ink">
          Jahr
        </label>
        <select
          id={`${id}-year`}
          value={year}
          onChange={(event) => setYear(Number(event.target.value))}
          className={inputClass}
        >
          {years.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <DownloadFileButton
        path={path('csv')}
        fileName={`abgabe-jahresbericht-${year}.csv`}
        label={`Jahresbericht ${year} als CSV herunterladen`}
      >
        CSV
      </DownloadFileButton>
      <DownloadFileButton
        path={path('pdf')}
        fileName={`abgabe-jahresbericht-${year}.pdf`}
        label={`Jahresbericht ${year} als PDF herunterladen`}
      >
        PDF
      </DownloadFileButton>
    </section>
  )
}
