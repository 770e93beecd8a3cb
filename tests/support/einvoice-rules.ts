import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'

/**
 * The official business rules of e-invoices, run without Java: CEN's EN 16931 rules for CII and
 * KoSIT's XRechnung rules (BR-DE), compiled for SaxonJS (tests/einvoice-rules/README.md). The XSD
 * (`validateCii` in ./xml) checks the shape; these check the content — sums, VAT categories,
 * exemption reasons, payment instructions.
 */

interface SaxonJs {
  transform(
    options: { stylesheetInternal: unknown; sourceText: string; destination: 'serialized' },
    mode: 'sync',
  ): { principalResult: string }
}

const saxon = createRequire(import.meta.url)('saxon-js') as SaxonJs
const rulesDir = path.join(import.meta.dirname, '../einvoice-rules')

export type RuleSet = 'EN16931' | 'XRechnung'
const files: Record<RuleSet, string> = {
  EN16931: 'en16931-cii.sef.json.gz',
  XRechnung: 'xrechnung-cii.sef.json.gz',
}
const compiled = new Map<RuleSet, Promise<unknown>>()
const stylesheetOf = (set: RuleSet) => {
  let stylesheet = compiled.get(set)
  if (!stylesheet) {
    stylesheet = readFile(path.join(rulesDir, files[set])).then((bytes) =>
      JSON.parse(gunzipSync(bytes).toString('utf8')),
    )
    compiled.set(set, stylesheet)
  }
  return stylesheet
}

export interface FailedRule {
  set: RuleSet
  id: string
  /** `fatal` (an error) or `warning`. */
  flag: string
  text: string
}

/** Every rule of `sets` the CII XML fails. */
export async function failedRules(xml: string, sets: readonly RuleSet[]): Promise<FailedRule[]> {
  const failed: FailedRule[] = []
  for (const set of sets) {
    const { principalResult } = saxon.transform(
      { stylesheetInternal: await stylesheetOf(set), sourceText: xml, destination: 'serialized' },
      'sync',
    )
    for (const [, attributes = '', body = ''] of principalResult.matchAll(
      /<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g,
    )) {
      failed.push({
        set,
        id: /id="([^"]*)"/.exec(attributes)?.[1] ?? '?',
        flag: /flag="([^"]*)"/.exec(attributes)?.[1] ?? 'fatal',
        text: (/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(body)?.[1] ?? '').replace(/\s+/g, ' '),
      })
    }
  }
  return failed
}

/**
 * The rules an XRechnung (EN 16931 and BR-DE) or a Factur-X XML (EN 16931) breaks: the failed
 * rules of flag `fatal`, as `ID: text` for a readable test failure.
 */
export async function brokenRules(xml: string, format: 'xrechnung' | 'factur-x') {
  const sets: RuleSet[] = format === 'xrechnung' ? ['EN16931', 'XRechnung'] : ['EN16931']
  return (await failedRules(xml, sets))
    .filter((rule) => rule.flag === 'fatal' || rule.flag === 'error')
    .map((rule) => `${rule.id}: ${rule.text}`)
}
