/**
 * What a public shop page must not say about prescription medicines (§ 10 HWG, domain.md
 * "No advertising for prescription medicines"): scarcity, recommendations, aroma or taste praise,
 * effect claims and rankings by potency or novelty. One list for the e2e HWG check and the unit
 * test of the shop's fixed words, so both look for the same things.
 */
export const hwgForbiddenPatterns: readonly RegExp[] = [
  // Scarcity and urgency
  /nur noch wenige/i,
  /nur noch \d/i,
  /solange (der )?Vorrat reicht/i,
  /fast ausverkauft/i,
  // Recommendations
  /Vergleichbare Produkte/i,
  /Ähnliche Produkte/i,
  /könnte Ihnen (auch )?gefallen/i,
  /Kunden kauften auch/i,
  /empfehlen|Empfehlung/i,
  /Bestseller|beliebt|Top-Sorte|Highlight/i,
  // Aroma and taste
  /Aroma/i,
  /Geschmack|schmeckt/i,
  /fruchtig|süßlich|würzig|blumig/i,
  // Effect claims
  /Wirkung\b|\bwirkt\b/i,
  /entspannend|beruhigend|schmerzlindernd|schlaffördernd|euphorisch/i,
  // Rankings by potency or novelty
  /THC-Gehalt, (ab|auf)steigend/i,
  /Neu im Sortiment|\bNeuheit/i,
]

/** The patterns `text` matches (none on a page that does not advertise). */
export const hwgViolationsIn = (text: string): string[] =>
  hwgForbiddenPatterns.filter((pattern) => pattern.test(text)).map(String)
