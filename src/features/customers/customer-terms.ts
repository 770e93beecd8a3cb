/**
 * The words of the area: a club keeps "Mitglieder" (KCanG), everyone else "Kunden". One place,
 * so every page of the area says it the same way.
 */
export function customerTerms(members: boolean) {
  return members
    ? {
        plural: 'Mitglieder',
        singular: 'Mitglied',
        create: 'Mitglied anlegen',
        the: 'Das Mitglied',
        created: 'Das Mitglied wurde angelegt.',
        saved: 'Das Mitglied wurde gespeichert.',
        back: 'Mitglieder',
      }
    : {
        plural: 'Kunden',
        singular: 'Kunde',
        create: 'Kunde anlegen',
        the: 'Der Kunde',
        created: 'Der Kunde wurde angelegt.',
        saved: 'Der Kunde wurde gespeichert.',
        back: 'Kunden',
      }
}
