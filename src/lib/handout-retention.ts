/**
 * How long a club keeps its hand-out records (§ 26 KCanG: five years). Safe reading: the period
 * runs to the end of the fifth calendar year after the hand-out's year, so a year's records stay
 * whole as long as its annual report may be asked about.
 */
export const handoutRecordRetentionYears = 5

/** The member's anonymisation waits for the period: what the owner is told instead. */
export const memberRestrictedMessage =
  'Das Mitglied ist gesperrt: Seine Abgaben müssen fünf Jahre aufbewahrt werden (§ 26 KCanG). Es erhält nichts mehr, erscheint in keiner Liste und wird nach Ablauf der Frist automatisch anonymisiert.'
