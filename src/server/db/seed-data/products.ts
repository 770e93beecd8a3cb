import type { MasterProductInput } from '../../../lib/product-schemas'
import {
  type CultivationCountry,
  countryLabel,
  type Dominance,
  dominanceLabels,
  type Genetics,
  geneticsLabels,
  type SalesUnit,
  type VatRate,
} from '../../../lib/products'

/**
 * The demo product catalogue as data: about sixty fictional master products (every PZN starts
 * with 1; the import demo uses 2…, benchmarks 3–9), the listings of Sonnen-Apotheke and Nordhanf
 * Großhandel, and the six varieties Grüne Ecke grows itself. `seed-products.server.ts` checks
 * every row against the shared schemas and writes it.
 */

const demoId = (serial: number) => `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`

/** Master products: 1001… */
const master = {
  nordstern10: demoId(1001),
  nordstern100: demoId(1002),
  bernsteinwolke5: demoId(1003),
  bernsteinwolke10: demoId(1004),
  polarkiefer10: demoId(1005),
  polarkiefer100: demoId(1006),
  ahornglut10: demoId(1007),
  ahornglut15: demoId(1008),
  zitronenhain10: demoId(1009),
  zitronenhain100: demoId(1010),
  atlantikbrise10: demoId(1011),
  kuestennebel5: demoId(1012),
  kuestennebel10: demoId(1013),
  kuestennebel100: demoId(1014),
  tulpenfeld10: demoId(1015),
  fjordnacht10: demoId(1016),
  fjordnacht100: demoId(1017),
  wacholderglut5: demoId(1018),
  wacholderglut10: demoId(1019),
  eukalyptuswind10: demoId(1020),
  roterSand10: demoId(1021),
  roterSand100: demoId(1022),
  andenrose10: demoId(1023),
  andenrose100: demoId(1024),
  nebelwald10: demoId(1025),
  flusstal10: demoId(1026),
  flusstal100: demoId(1027),
  steinobst10: demoId(1028),
  lavendeltal10: demoId(1029),
  lavendeltal15: demoId(1030),
  kupferrebe10: demoId(1031),
  salbeistern10: demoId(1032),
  salbeistern100: demoId(1033),
  mitternachtsmoos5: demoId(1034),
  mitternachtsmoos10: demoId(1035),
  stilleWeide10: demoId(1036),
  sonnenkamm10: demoId(1037),
  hafenlicht10: demoId(1038),
  granitmond10: demoId(1039),
  nordlichtExtract10: demoId(1040),
  nordlichtExtract30: demoId(1041),
  mapleRidgeBalanced30: demoId(1042),
  polderveldCbdExtract10: demoId(1043),
  sierraClaraExtract5: demoId(1044),
  fjordgroenOilExtract10: demoId(1045),
  southernCrossResin1: demoId(1046),
  andinaExtract10: demoId(1047),
  vardarExtract20: demoId(1048),
  cbdSolution10: demoId(1049),
  cbdSolution30: demoId(1050),
  cbdSolutionRheintal20: demoId(1051),
  dronabinolDrops: demoId(1052),
  dronabinolDropsRheintal: demoId(1053),
  dronabinolCapsules2_5: demoId(1054),
  dronabinolCapsules5: demoId(1055),
  dronabinolCapsules10: demoId(1056),
  vaporiserDampfwerk: demoId(1057),
  vaporiserThermaris: demoId(1058),
  dosingSpoon: demoId(1059),
  grinder: demoId(1060),
} as const

/** Grüne Ecke's own varieties: 2001… */
const clubProduct = {
  auwald: demoId(2001),
  rosental: demoId(2002),
  elsterflut: demoId(2003),
  lerchenberg: demoId(2004),
  pleissenbrise: demoId(2005),
  gohliserAbendrot: demoId(2006),
} as const

/** Fixed ids of demo products and listings that tests and later demo data build on. */
export const demoProductIds = {
  /** Flowers, 100 g bulk pack; Sonnen-Apotheke sells it loose by the gram, Nordhanf per pack. */
  masterBulkFlower: master.nordstern100,
  /** Flowers, 10 g pack; Sonnen-Apotheke sells it per pack. */
  masterPackFlower: master.kuestennebel10,
  /** Withdrawn flowers that Sonnen-Apotheke still lists (and Nordhanf has archived). */
  masterWithdrawnListed: master.sonnenkamm10,
  /** Withdrawn extract; only Nordhanf's archived listing refers to it. */
  masterWithdrawnExtract: master.andinaExtract10,
  /** An active flower product Sonnen-Apotheke does not list yet (Nordhanf does): to take over. */
  masterNotListedByPharmacy: master.hafenlicht10,
  /** An active flower product nobody lists. */
  masterUnlisted: master.ahornglut15,
  masterExtract: master.nordlichtExtract10,
  masterCbdSolution: master.cbdSolution30,
  masterDronabinolDrops: master.dronabinolDrops,
  masterVaporiser: master.vaporiserDampfwerk,
  /** An accessory without PZN. */
  masterGrinder: master.grinder,
  /** Sonnen-Apotheke, loose by the gram from the bulk pack `masterBulkFlower`. */
  pharmacyLooseFlower: demoId(3001),
  /** Sonnen-Apotheke, per pack of `masterPackFlower`. */
  pharmacyPackFlower: demoId(3014),
  /** Sonnen-Apotheke's listing of the withdrawn `masterWithdrawnListed`. */
  pharmacyWithdrawnListing: demoId(3019),
  /** Sonnen-Apotheke, archived (loose flowers). */
  pharmacyArchived: demoId(3008),
  pharmacyExtract: demoId(3021),
  pharmacyCbdSolution: demoId(3025),
  pharmacyDronabinolDrops: demoId(3026),
  pharmacyVaporiser: demoId(3029),
  /** Nordhanf, per 100 g bulk pack of `masterBulkFlower`. */
  wholesalerBulkFlower: demoId(4001),
  /** Nordhanf, archived listing of the withdrawn `masterWithdrawnListed`. */
  wholesalerArchived: demoId(4031),
  /** Grüne Ecke's own variety "Auwald" and its listing. */
  clubProduct: clubProduct.auwald,
  clubListing: demoId(5001),
} as const

// ─── Master products ───────────────────────────────────────────────────────────────────────

interface Producer {
  manufacturer: string
  brand: string
  country: CultivationCountry
  growing: string
}

const producers = {
  nordlicht: {
    manufacturer: 'Nordlicht Cannabis GmbH',
    brand: 'Nordlicht',
    country: 'DE',
    growing: 'Indoor-Anbau',
  },
  mapleRidge: {
    manufacturer: 'Maple Ridge Growers Inc.',
    brand: 'Maple Ridge',
    country: 'CA',
    growing: 'Indoor-Anbau',
  },
  atlantico: {
    manufacturer: 'Atlântico Verde Lda.',
    brand: 'Atlântico Verde',
    country: 'PT',
    growing: 'Gewächshausanbau',
  },
  polderveld: {
    manufacturer: 'Polderveld B.V.',
    brand: 'Polderveld',
    country: 'NL',
    growing: 'Indoor-Anbau',
  },
  fjordgroen: {
    manufacturer: 'Fjordgrøn ApS',
    brand: 'Fjordgrøn',
    country: 'DK',
    growing: 'Gewächshausanbau',
  },
  southernCross: {
    manufacturer: 'Southern Cross Botanicals Pty Ltd',
    brand: 'Southern Cross',
    country: 'AU',
    growing: 'Gewächshausanbau',
  },
  andina: {
    manufacturer: 'Andina Flora S.A.S.',
    brand: 'Andina Flora',
    country: 'CO',
    growing: 'Gewächshausanbau',
  },
  vardar: {
    manufacturer: 'Vardar Pharma DOOEL',
    brand: 'Vardar',
    country: 'MK',
    growing: 'Gewächshausanbau',
  },
  sierraClara: {
    manufacturer: 'Sierra Clara Farmacéutica S.L.',
    brand: 'Sierra Clara',
    country: 'ES',
    growing: 'Indoor-Anbau',
  },
  rheintal: {
    manufacturer: 'Rheintal Pharma GmbH',
    brand: 'Rheintal',
    country: 'DE',
    growing: 'Indoor-Anbau',
  },
} as const satisfies Record<string, Producer>

interface Cultivar {
  name: string
  producer: Producer
  /** % w/w, nominal. */
  thc: number
  cbd: number
  genetics: Genetics
  dominance?: Dominance
  terpenes: string[]
  irradiated: boolean
  aroma: string
}

const cultivars = {
  nordstern: {
    name: 'Nordstern',
    producer: producers.nordlicht,
    thc: 22,
    cbd: 0.1,
    genetics: 'hybrid',
    dominance: 'indica',
    terpenes: ['Myrcen', 'Caryophyllen', 'Limonen'],
    irradiated: false,
    aroma: 'erdig, würzig, leicht zitrusartig',
  },
  bernsteinwolke: {
    name: 'Bernsteinwolke',
    producer: producers.nordlicht,
    thc: 18,
    cbd: 0.5,
    genetics: 'indica',
    terpenes: ['Myrcen', 'Linalool', 'Caryophyllen'],
    irradiated: false,
    aroma: 'süßlich, harzig, mit floraler Note',
  },
  polarkiefer: {
    name: 'Polarkiefer',
    producer: producers.mapleRidge,
    thc: 26,
    cbd: 0.1,
    genetics: 'hybrid',
    dominance: 'sativa',
    terpenes: ['Terpinolen', 'Pinen', 'Ocimen'],
    irradiated: true,
    aroma: 'harzig, nach Kiefernnadeln, frisch',
  },
  ahornglut: {
    name: 'Ahornglut',
    producer: producers.mapleRidge,
    thc: 29,
    cbd: 0.1,
    genetics: 'indica',
    terpenes: ['Caryophyllen', 'Limonen', 'Humulen'],
    irradiated: true,
    aroma: 'pfeffrig, holzig, leicht süß',
  },
  zitronenhain: {
    name: 'Zitronenhain',
    producer: producers.atlantico,
    thc: 20,
    cbd: 0.5,
    genetics: 'sativa',
    terpenes: ['Limonen', 'Terpinolen', 'Pinen'],
    irradiated: false,
    aroma: 'ausgeprägt zitrusartig, frisch',
  },
  atlantikbrise: {
    name: 'Atlantikbrise',
    producer: producers.atlantico,
    thc: 16,
    cbd: 0.8,
    genetics: 'hybrid',
    dominance: 'balanced',
    terpenes: ['Myrcen', 'Pinen'],
    irradiated: false,
    aroma: 'krautig, mild, leicht salzig-frisch',
  },
  kuestennebel: {
    name: 'Küstennebel',
    producer: producers.polderveld,
    thc: 24,
    cbd: 0.1,
    genetics: 'hybrid',
    dominance: 'indica',
    terpenes: ['Myrcen', 'Caryophyllen', 'Linalool', 'Humulen'],
    irradiated: false,
    aroma: 'erdig, moschusartig, mit Lavendelnote',
  },
  tulpenfeld: {
    name: 'Tulpenfeld',
    producer: producers.polderveld,
    thc: 0.9,
    cbd: 12,
    genetics: 'hybrid',
    dominance: 'sativa',
    terpenes: ['Myrcen', 'Pinen', 'Caryophyllen'],
    irradiated: false,
    aroma: 'grasig, krautig, mild',
  },
  fjordnacht: {
    name: 'Fjordnacht',
    producer: producers.fjordgroen,
    thc: 21,
    cbd: 0.1,
    genetics: 'indica',
    terpenes: ['Myrcen', 'Linalool', 'Caryophyllen'],
    irradiated: false,
    aroma: 'beerig, erdig, blumig',
  },
  wacholderglut: {
    name: 'Wacholderglut',
    producer: producers.fjordgroen,
    thc: 17,
    cbd: 0.1,
    genetics: 'hybrid',
    dominance: 'balanced',
    terpenes: ['Pinen', 'Caryophyllen', 'Humulen'],
    irradiated: false,
    aroma: 'nach Wacholder, harzig, herb',
  },
  eukalyptuswind: {
    name: 'Eukalyptuswind',
    producer: producers.southernCross,
    thc: 27,
    cbd: 0.1,
    genetics: 'sativa',
    terpenes: ['Terpinolen', 'Ocimen', 'Limonen'],
    irradiated: true,
    aroma: 'frisch, kühl, leicht minzig',
  },
  roterSand: {
    name: 'Roter Sand',
    producer: producers.southernCross,
    thc: 23,
    cbd: 0.1,
    genetics: 'hybrid',
    dominance: 'indica',
    terpenes: ['Caryophyllen', 'Limonen', 'Myrcen'],
    irradiated: true,
    aroma: 'würzig, nach Trockenfrüchten',
  },
  andenrose: {
    name: 'Andenrose',
    producer: producers.andina,
    thc: 19,
    cbd: 0.1,
    genetics: 'hybrid',
    dominance: 'sativa',
    terpenes: ['Limonen', 'Caryophyllen', 'Linalool'],
    irradiated: false,
    aroma: 'blumig, fruchtig, mit Rosennote',
  },
  nebelwald: {
    name: 'Nebelwald',
    producer: producers.andina,
    thc: 7,
    cbd: 8,
    genetics: 'hybrid',
    dominance: 'balanced',
    terpenes: ['Myrcen', 'Pinen', 'Caryophyllen'],
    irradiated: false,
    aroma: 'erdig, moosig, mild',
  },
  flusstal: {
    name: 'Flusstal',
    producer: producers.vardar,
    thc: 15,
    cbd: 0.5,
    genetics: 'sativa',
    terpenes: ['Terpinolen', 'Myrcen', 'Pinen'],
    irradiated: true,
    aroma: 'krautig, frisch, leicht fruchtig',
  },
  steinobst: {
    name: 'Steinobst',
    producer: producers.vardar,
    thc: 12,
    cbd: 0.8,
    genetics: 'hybrid',
    dominance: 'indica',
    terpenes: ['Myrcen', 'Linalool'],
    irradiated: true,
    aroma: 'süßlich, nach Pflaume',
  },
  lavendeltal: {
    name: 'Lavendeltal',
    producer: producers.sierraClara,
    thc: 25,
    cbd: 0.1,
    genetics: 'hybrid',
    dominance: 'indica',
    terpenes: ['Linalool', 'Myrcen', 'Caryophyllen'],
    irradiated: false,
    aroma: 'blumig, nach Lavendel, süßlich',
  },
  kupferrebe: {
    name: 'Kupferrebe',
    producer: producers.sierraClara,
    thc: 28,
    cbd: 0.1,
    genetics: 'hybrid',
    dominance: 'balanced',
    terpenes: ['Caryophyllen', 'Limonen', 'Humulen', 'Linalool'],
    irradiated: false,
    aroma: 'würzig, nach dunklen Trauben',
  },
  salbeistern: {
    name: 'Salbeistern',
    producer: producers.rheintal,
    thc: 20,
    cbd: 0.1,
    genetics: 'hybrid',
    dominance: 'sativa',
    terpenes: ['Terpinolen', 'Limonen', 'Ocimen'],
    irradiated: false,
    aroma: 'krautig, nach Salbei, zitrusartig',
  },
  mitternachtsmoos: {
    name: 'Mitternachtsmoos',
    producer: producers.rheintal,
    thc: 23,
    cbd: 0.1,
    genetics: 'indica',
    terpenes: ['Myrcen', 'Caryophyllen', 'Humulen'],
    irradiated: false,
    aroma: 'erdig, moosig, leicht pfeffrig',
  },
  stilleWeide: {
    name: 'Stille Weide',
    producer: producers.fjordgroen,
    thc: 0.8,
    cbd: 13,
    genetics: 'hybrid',
    dominance: 'sativa',
    terpenes: ['Myrcen', 'Pinen', 'Caryophyllen'],
    irradiated: false,
    aroma: 'grasig, nach Heu, mild',
  },
  sonnenkamm: {
    name: 'Sonnenkamm',
    producer: producers.mapleRidge,
    thc: 20,
    cbd: 0.1,
    genetics: 'sativa',
    terpenes: ['Limonen', 'Pinen', 'Terpinolen'],
    irradiated: true,
    aroma: 'zitrusartig, harzig',
  },
  hafenlicht: {
    name: 'Hafenlicht',
    producer: producers.polderveld,
    thc: 22,
    cbd: 0.1,
    genetics: 'hybrid',
    dominance: 'sativa',
    terpenes: ['Limonen', 'Caryophyllen', 'Myrcen'],
    irradiated: false,
    aroma: 'fruchtig, nach Orangenschale',
  },
  granitmond: {
    name: 'Granitmond',
    producer: producers.southernCross,
    thc: 30,
    cbd: 0.1,
    genetics: 'indica',
    terpenes: ['Caryophyllen', 'Myrcen', 'Limonen'],
    irradiated: true,
    aroma: 'erdig, dieselartig, würzig',
  },
} as const satisfies Record<string, Cultivar>

/** "22/<1": nominal THC/CBD in %, as prescribers know the products. */
const percentLabel = (value: number) => (value < 1 ? '<1' : String(Math.round(value)))

function geneticsText(cultivar: Cultivar): string {
  const genetics = geneticsLabels[cultivar.genetics]
  return cultivar.dominance ? `${genetics}, ${dominanceLabels[cultivar.dominance]}` : genetics
}

interface DemoMaster {
  id: string
  facts: MasterProductInput
}

/** Flowers of `cultivar` in a pack of `grams`; 100 g and more is a bulk pack for filling. */
function flower(
  id: string,
  pzn: string,
  cultivar: Cultivar,
  grams: number,
  status: 'active' | 'withdrawn' = 'active',
): DemoMaster {
  const { producer } = cultivar
  const pack =
    grams >= 100
      ? `Großgebinde mit ${grams} g zur Abfüllung in der Apotheke.`
      : `Packung mit ${grams} g in der Braunglasdose.`
  return {
    id,
    facts: {
      pzn,
      name: `${producer.brand} ${cultivar.name} ${percentLabel(cultivar.thc)}/${percentLabel(cultivar.cbd)}`,
      manufacturer: producer.manufacturer,
      brand: producer.brand,
      category: 'flower',
      cultivar: cultivar.name,
      genetics: cultivar.genetics,
      dominance: cultivar.dominance ?? null,
      thcContent: cultivar.thc,
      cbdContent: cultivar.cbd,
      cannabinoidUnit: 'percent',
      terpenes: cultivar.terpenes,
      irradiated: cultivar.irradiated,
      countryOfCultivation: producer.country,
      packSize: grams,
      packUnit: 'g',
      description: [
        `Getrocknete, unzerkleinerte Cannabisblüten der Sorte ${cultivar.name} (${geneticsText(cultivar)}).`,
        `${producer.growing} in ${countryLabel(producer.country)} nach GACP, Verarbeitung nach EU-GMP.`,
        cultivar.irradiated
          ? 'Zur Keimreduktion mit Gammastrahlen behandelt (bestrahlt).'
          : 'Nicht bestrahlt.',
        `Aroma: ${cultivar.aroma}. Hauptterpene: ${cultivar.terpenes.join(', ')}.`,
        'THC- und CBD-Gehalt sind Nennwerte; maßgeblich ist das Analysezertifikat der jeweiligen Charge.',
        pack,
        'Dicht verschlossen, lichtgeschützt und nicht über 25 °C lagern.',
      ].join(' '),
      status,
      imageFileId: null,
    },
  }
}

/** Facts every non-flower product leaves empty unless it says otherwise. */
const noPlantFacts = {
  brand: undefined,
  cultivar: undefined,
  genetics: null,
  dominance: null,
  thcContent: null,
  cbdContent: null,
  cannabinoidUnit: null,
  terpenes: [],
  irradiated: false,
  countryOfCultivation: null,
  status: 'active',
  imageFileId: null,
} as const satisfies Partial<MasterProductInput>

const storageNote = 'Dicht verschlossen, lichtgeschützt und nicht über 25 °C lagern.'

export const masterProducts: DemoMaster[] = [
  flower(master.nordstern10, '19432699', cultivars.nordstern, 10),
  flower(master.nordstern100, '13796578', cultivars.nordstern, 100),
  flower(master.bernsteinwolke5, '12956399', cultivars.bernsteinwolke, 5),
  flower(master.bernsteinwolke10, '15348938', cultivars.bernsteinwolke, 10),
  flower(master.polarkiefer10, '14843989', cultivars.polarkiefer, 10),
  flower(master.polarkiefer100, '14128749', cultivars.polarkiefer, 100),
  flower(master.ahornglut10, '19939145', cultivars.ahornglut, 10),
  flower(master.ahornglut15, '13184711', cultivars.ahornglut, 15),
  flower(master.zitronenhain10, '12289709', cultivars.zitronenhain, 10),
  flower(master.zitronenhain100, '10931857', cultivars.zitronenhain, 100),
  flower(master.atlantikbrise10, '18578840', cultivars.atlantikbrise, 10),
  flower(master.kuestennebel5, '15797955', cultivars.kuestennebel, 5),
  flower(master.kuestennebel10, '12402695', cultivars.kuestennebel, 10),
  flower(master.kuestennebel100, '11767822', cultivars.kuestennebel, 100),
  flower(master.tulpenfeld10, '16799442', cultivars.tulpenfeld, 10),
  flower(master.fjordnacht10, '12933381', cultivars.fjordnacht, 10),
  flower(master.fjordnacht100, '14910639', cultivars.fjordnacht, 100),
  flower(master.wacholderglut5, '17244568', cultivars.wacholderglut, 5),
  flower(master.wacholderglut10, '15362453', cultivars.wacholderglut, 10),
  flower(master.eukalyptuswind10, '13430564', cultivars.eukalyptuswind, 10),
  flower(master.roterSand10, '13687122', cultivars.roterSand, 10),
  flower(master.roterSand100, '18679481', cultivars.roterSand, 100),
  flower(master.andenrose10, '15333948', cultivars.andenrose, 10),
  flower(master.andenrose100, '17983082', cultivars.andenrose, 100),
  flower(master.nebelwald10, '18528285', cultivars.nebelwald, 10),
  flower(master.flusstal10, '18620967', cultivars.flusstal, 10),
  flower(master.flusstal100, '17973066', cultivars.flusstal, 100),
  flower(master.steinobst10, '18838169', cultivars.steinobst, 10),
  flower(master.lavendeltal10, '10494919', cultivars.lavendeltal, 10),
  flower(master.lavendeltal15, '17145412', cultivars.lavendeltal, 15),
  flower(master.kupferrebe10, '14288016', cultivars.kupferrebe, 10),
  flower(master.salbeistern10, '13354018', cultivars.salbeistern, 10),
  flower(master.salbeistern100, '19042159', cultivars.salbeistern, 100),
  flower(master.mitternachtsmoos5, '18018822', cultivars.mitternachtsmoos, 5),
  flower(master.mitternachtsmoos10, '12552584', cultivars.mitternachtsmoos, 10),
  flower(master.stilleWeide10, '11303376', cultivars.stilleWeide, 10),
  flower(master.sonnenkamm10, '16055434', cultivars.sonnenkamm, 10, 'withdrawn'),
  flower(master.hafenlicht10, '11271819', cultivars.hafenlicht, 10),
  flower(master.granitmond10, '13354455', cultivars.granitmond, 10),
  {
    id: master.nordlichtExtract10,
    facts: {
      ...noPlantFacts,
      pzn: '17667211',
      name: 'Nordlicht Vollspektrumextrakt THC 25',
      manufacturer: producers.nordlicht.manufacturer,
      brand: producers.nordlicht.brand,
      category: 'extract',
      cultivar: 'Nordstern',
      genetics: 'hybrid',
      dominance: 'indica',
      thcContent: 25,
      cbdContent: 0.5,
      cannabinoidUnit: 'mg_per_ml',
      terpenes: ['Myrcen', 'Caryophyllen'],
      countryOfCultivation: 'DE',
      packSize: 10,
      packUnit: 'ml',
      description: `Öliger Vollspektrumextrakt aus Blüten der Sorte Nordstern in mittelkettigen Triglyceriden, 25 mg THC je ml. Braunglasflasche mit 10 ml und Tropfeinsatz. ${storageNote}`,
    },
  },
  {
    id: master.nordlichtExtract30,
    facts: {
      ...noPlantFacts,
      pzn: '14012596',
      name: 'Nordlicht Vollspektrumextrakt THC 25',
      manufacturer: producers.nordlicht.manufacturer,
      brand: producers.nordlicht.brand,
      category: 'extract',
      cultivar: 'Nordstern',
      genetics: 'hybrid',
      dominance: 'indica',
      thcContent: 25,
      cbdContent: 0.5,
      cannabinoidUnit: 'mg_per_ml',
      terpenes: ['Myrcen', 'Caryophyllen'],
      countryOfCultivation: 'DE',
      packSize: 30,
      packUnit: 'ml',
      description: `Öliger Vollspektrumextrakt aus Blüten der Sorte Nordstern in mittelkettigen Triglyceriden, 25 mg THC je ml. Braunglasflasche mit 30 ml und Tropfeinsatz. ${storageNote}`,
    },
  },
  {
    id: master.mapleRidgeBalanced30,
    facts: {
      ...noPlantFacts,
      pzn: '11258807',
      name: 'Maple Ridge Extrakt THC 10 / CBD 10',
      manufacturer: producers.mapleRidge.manufacturer,
      brand: producers.mapleRidge.brand,
      category: 'extract',
      genetics: 'hybrid',
      dominance: 'balanced',
      thcContent: 10,
      cbdContent: 10,
      cannabinoidUnit: 'mg_per_ml',
      countryOfCultivation: 'CA',
      packSize: 30,
      packUnit: 'ml',
      description: `Ölige Extraktlösung mit je 10 mg THC und CBD pro ml, Trägeröl Sonnenblumenöl. Braunglasflasche mit 30 ml, Dosierspritze liegt bei. ${storageNote}`,
    },
  },
  {
    id: master.polderveldCbdExtract10,
    facts: {
      ...noPlantFacts,
      pzn: '19082963',
      name: 'Polderveld Extrakt CBD 20 / THC 1',
      manufacturer: producers.polderveld.manufacturer,
      brand: producers.polderveld.brand,
      category: 'extract',
      cultivar: 'Tulpenfeld',
      genetics: 'hybrid',
      dominance: 'sativa',
      thcContent: 1,
      cbdContent: 20,
      cannabinoidUnit: 'mg_per_ml',
      countryOfCultivation: 'NL',
      packSize: 10,
      packUnit: 'ml',
      description: `CBD-reicher Extrakt aus der Sorte Tulpenfeld, 20 mg CBD und 1 mg THC je ml in Olivenöl. Braunglasflasche mit 10 ml. ${storageNote}`,
    },
  },
  {
    id: master.sierraClaraExtract5,
    facts: {
      ...noPlantFacts,
      pzn: '15357564',
      name: 'Sierra Clara Vollspektrumextrakt THC 50',
      manufacturer: producers.sierraClara.manufacturer,
      brand: producers.sierraClara.brand,
      category: 'extract',
      cultivar: 'Kupferrebe',
      genetics: 'hybrid',
      dominance: 'balanced',
      thcContent: 50,
      cbdContent: 1,
      cannabinoidUnit: 'mg_per_ml',
      terpenes: ['Caryophyllen', 'Limonen'],
      countryOfCultivation: 'ES',
      packSize: 5,
      packUnit: 'ml',
      description: `Hoch konzentrierter öliger Vollspektrumextrakt, 50 mg THC je ml. Braunglasflasche mit 5 ml und Dosierspritze (0,1-ml-Teilung). ${storageNote}`,
    },
  },
  {
    id: master.fjordgroenOilExtract10,
    facts: {
      ...noPlantFacts,
      pzn: '15565417',
      name: 'Fjordgrøn Ölextrakt THC 25 mg/g',
      manufacturer: producers.fjordgroen.manufacturer,
      brand: producers.fjordgroen.brand,
      category: 'extract',
      cultivar: 'Fjordnacht',
      genetics: 'indica',
      thcContent: 25,
      cbdContent: 0.5,
      cannabinoidUnit: 'mg_per_g',
      countryOfCultivation: 'DK',
      packSize: 10,
      packUnit: 'g',
      description: `Öliger Extrakt, Gehalt bezogen auf die Masse: 25 mg THC je g. Flasche mit 10 g und Dosierspritze. ${storageNote}`,
    },
  },
  {
    id: master.southernCrossResin1,
    facts: {
      ...noPlantFacts,
      pzn: '12359019',
      name: 'Southern Cross Harzextrakt THC 700 mg/g',
      manufacturer: producers.southernCross.manufacturer,
      brand: producers.southernCross.brand,
      category: 'extract',
      cultivar: 'Granitmond',
      genetics: 'indica',
      thcContent: 700,
      cbdContent: 5,
      cannabinoidUnit: 'mg_per_g',
      terpenes: ['Caryophyllen', 'Myrcen'],
      countryOfCultivation: 'AU',
      packSize: 1,
      packUnit: 'g',
      description: `Zähflüssiger Vollspektrum-Harzextrakt, 700 mg THC je g, zur Weiterverarbeitung in der Apotheke. Applikationsspritze mit 1 g. ${storageNote}`,
    },
  },
  {
    id: master.andinaExtract10,
    facts: {
      ...noPlantFacts,
      pzn: '15126439',
      name: 'Andina Flora Extrakt THC 20 / CBD 5',
      manufacturer: producers.andina.manufacturer,
      brand: producers.andina.brand,
      category: 'extract',
      thcContent: 20,
      cbdContent: 5,
      cannabinoidUnit: 'mg_per_ml',
      countryOfCultivation: 'CO',
      packSize: 10,
      packUnit: 'ml',
      description: `Ölige Extraktlösung mit 20 mg THC und 5 mg CBD je ml. Braunglasflasche mit 10 ml. Vom Hersteller vom Markt genommen. ${storageNote}`,
      status: 'withdrawn',
    },
  },
  {
    id: master.vardarExtract20,
    facts: {
      ...noPlantFacts,
      pzn: '11225618',
      name: 'Vardar Vollspektrumextrakt THC 12,5',
      manufacturer: producers.vardar.manufacturer,
      brand: producers.vardar.brand,
      category: 'extract',
      cultivar: 'Flusstal',
      genetics: 'sativa',
      thcContent: 12.5,
      cbdContent: 0.5,
      cannabinoidUnit: 'mg_per_ml',
      countryOfCultivation: 'MK',
      packSize: 20,
      packUnit: 'ml',
      description: `Öliger Vollspektrumextrakt, 12,5 mg THC je ml. Braunglasflasche mit 20 ml und Tropfeinsatz. ${storageNote}`,
    },
  },
  ...[
    { id: master.cbdSolution10, pzn: '10575196', ml: 10, supplier: 'Hanfkontor Pharma GmbH' },
    { id: master.cbdSolution30, pzn: '13460714', ml: 30, supplier: 'Hanfkontor Pharma GmbH' },
    { id: master.cbdSolutionRheintal20, pzn: '18748325', ml: 20, supplier: 'Rheintal Pharma GmbH' },
  ].map(
    ({ id, pzn, ml, supplier }): DemoMaster => ({
      id,
      facts: {
        ...noPlantFacts,
        pzn,
        name: 'Ölige Cannabidiol-Lösung 50 mg/ml (NRF 22.10.)',
        manufacturer: supplier,
        category: 'cbd_solution',
        cbdContent: 50,
        cannabinoidUnit: 'mg_per_ml',
        packSize: ml,
        packUnit: 'ml',
        description: `Cannabidiol 50 mg/ml in mittelkettigen Triglyceriden, hergestellt nach NRF 22.10. Braunglasflasche mit ${ml} ml und Dosierspritze. ${storageNote}`,
      },
    }),
  ),
  ...[
    { id: master.dronabinolDrops, pzn: '18084210', supplier: 'Elbmarsch Pharma GmbH' },
    { id: master.dronabinolDropsRheintal, pzn: '16515031', supplier: 'Rheintal Pharma GmbH' },
  ].map(
    ({ id, pzn, supplier }): DemoMaster => ({
      id,
      facts: {
        ...noPlantFacts,
        pzn,
        name: 'Ölige Dronabinol-Tropfen 25 mg/ml (NRF 22.8.)',
        manufacturer: supplier,
        category: 'dronabinol',
        thcContent: 25,
        cannabinoidUnit: 'mg_per_ml',
        packSize: 10,
        packUnit: 'ml',
        description: `Dronabinol 25 mg/ml in raffiniertem Sesamöl, hergestellt nach NRF 22.8. Braunglasflasche mit 10 ml und Tropfeinsatz. Im Kühlschrank (2–8 °C) lagern.`,
      },
    }),
  ),
  ...[
    { id: master.dronabinolCapsules2_5, pzn: '14439751', mg: '2,5', thc: 2.5 },
    { id: master.dronabinolCapsules5, pzn: '15317659', mg: '5', thc: 5 },
    { id: master.dronabinolCapsules10, pzn: '11145090', mg: '10', thc: 10 },
  ].map(
    ({ id, pzn, mg, thc }): DemoMaster => ({
      id,
      facts: {
        ...noPlantFacts,
        pzn,
        name: `Dronabinol-Kapseln ${mg} mg (NRF 22.7.)`,
        manufacturer: 'Elbmarsch Pharma GmbH',
        category: 'dronabinol',
        thcContent: thc,
        cannabinoidUnit: 'mg_per_piece',
        packSize: 56,
        packUnit: 'piece',
        description: `Hartkapseln mit je ${mg} mg Dronabinol in raffiniertem Sesamöl, hergestellt nach NRF 22.7. Packung mit 56 Kapseln. Im Kühlschrank (2–8 °C) lagern.`,
      },
    }),
  ),
  {
    id: master.vaporiserDampfwerk,
    facts: {
      ...noPlantFacts,
      pzn: '17263488',
      name: 'Dampfwerk Medic 2 Vaporisator',
      manufacturer: 'Dampfwerk Medizintechnik GmbH',
      brand: 'Dampfwerk',
      category: 'accessory',
      packSize: 1,
      packUnit: 'piece',
      description:
        'Tragbarer Vaporisator zur Inhalation von Cannabisblüten nach Verdampfung (NRF 22.12./22.13.), als Medizinprodukt zugelassen. Temperatur einstellbar von 40 bis 210 °C, Akku mit USB-C-Ladeanschluss, Füllkammer für bis zu 0,25 g. Lieferumfang: Gerät, Ladekabel, Reinigungsset, Gebrauchsanweisung.',
    },
  },
  {
    id: master.vaporiserThermaris,
    facts: {
      ...noPlantFacts,
      pzn: '18191259',
      name: 'Thermaris Flow Vaporisator',
      manufacturer: 'Thermaris Instruments GmbH',
      brand: 'Thermaris',
      category: 'accessory',
      packSize: 1,
      packUnit: 'piece',
      description:
        'Tisch-Vaporisator mit Ventilballon-System zur Inhalation von Cannabisblüten nach Verdampfung, als Medizinprodukt zugelassen. Temperaturstufen von 150 bis 230 °C, Netzbetrieb. Lieferumfang: Gerät, Füllkammer, drei Ballons, Gebrauchsanweisung.',
    },
  },
  {
    id: master.dosingSpoon,
    facts: {
      ...noPlantFacts,
      pzn: '11387769',
      name: 'Dosierlöffel-Set für Cannabisblüten',
      manufacturer: 'Hanfkontor Pharma GmbH',
      category: 'accessory',
      packSize: 1,
      packUnit: 'piece',
      description:
        'Drei Dosierlöffel aus Edelstahl für 0,05 g, 0,1 g und 0,25 g zerkleinerte Blüten, zur Dosierung für die Verdampfung. Spülmaschinenfest.',
    },
  },
  {
    id: master.grinder,
    facts: {
      ...noPlantFacts,
      pzn: '',
      name: 'Kräutermühle aus Aluminium, 4-teilig',
      manufacturer: 'Mahlwerk Berlin GmbH',
      category: 'accessory',
      packSize: 1,
      packUnit: 'piece',
      description:
        'Mühle aus eloxiertem Aluminium, Durchmesser 55 mm, mit Sieb und Auffangfach, zum gleichmäßigen Zerkleinern von Cannabisblüten vor der Verdampfung.',
    },
  },
]

// ─── Grüne Ecke's own varieties ────────────────────────────────────────────────────────────

export const clubName = 'Grüne Ecke e.V.'

interface ClubVariety {
  id: string
  cultivar: string
  thc: number
  cbd: number
  genetics: Genetics
  dominance?: Dominance
  terpenes: string[]
}

export const clubVarieties: ClubVariety[] = [
  {
    id: clubProduct.auwald,
    cultivar: 'Auwald',
    thc: 16.4,
    cbd: 0.2,
    genetics: 'hybrid',
    dominance: 'indica',
    terpenes: ['Myrcen', 'Caryophyllen', 'Humulen'],
  },
  {
    id: clubProduct.rosental,
    cultivar: 'Rosental',
    thc: 13.8,
    cbd: 0.4,
    genetics: 'hybrid',
    dominance: 'sativa',
    terpenes: ['Limonen', 'Linalool'],
  },
  {
    id: clubProduct.elsterflut,
    cultivar: 'Elsterflut',
    thc: 9.2,
    cbd: 1.6,
    genetics: 'hybrid',
    dominance: 'balanced',
    terpenes: ['Myrcen', 'Pinen'],
  },
  {
    id: clubProduct.lerchenberg,
    cultivar: 'Lerchenberg',
    thc: 18.7,
    cbd: 0.1,
    genetics: 'indica',
    terpenes: ['Myrcen', 'Linalool', 'Caryophyllen'],
  },
  {
    id: clubProduct.pleissenbrise,
    cultivar: 'Pleißenbrise',
    thc: 11.5,
    cbd: 0.3,
    genetics: 'sativa',
    terpenes: ['Terpinolen', 'Ocimen', 'Limonen'],
  },
  {
    id: clubProduct.gohliserAbendrot,
    cultivar: 'Gohliser Abendrot',
    thc: 14.9,
    cbd: 0.2,
    genetics: 'hybrid',
    dominance: 'indica',
    terpenes: ['Caryophyllen', 'Limonen', 'Myrcen'],
  },
]

// ─── Listings ──────────────────────────────────────────────────────────────────────────────

export interface DemoListing {
  id: string
  productId: string
  salesUnit: SalesUnit
  /** Net cents per sales unit. */
  price: number
  step?: number
  min?: number
  max?: number
  lowStock?: number
  /** Visible in the organisation's shop (never for archived listings). */
  visible?: boolean
  vatRate?: VatRate
  archived?: boolean
}

/** Sonnen-Apotheke: flowers loose and in packs (6–14 € per g), extracts, CBD, dronabinol, vaporisers. */
/**
 * Master products the demo gives a pack photo (drawn by the seed, confirmed as showing only the
 * pack): packs Sonnen-Apotheke sells in its shop. The other products show none.
 */
export const demoPackPhotoProducts = [
  master.kuestennebel10,
  master.bernsteinwolke5,
  master.ahornglut10,
  master.nordlichtExtract10,
  master.mapleRidgeBalanced30,
]

export const pharmacyListings: DemoListing[] = [
  // Loose by the gram, filled from bulk packs and 10 g packs.
  {
    id: demoId(3001),
    productId: master.nordstern100,
    salesUnit: 'gram',
    price: 1150,
    max: 100,
    lowStock: 50,
    visible: true,
  },
  {
    id: demoId(3002),
    productId: master.polarkiefer100,
    salesUnit: 'gram',
    price: 1290,
    lowStock: 50,
    visible: true,
  },
  {
    id: demoId(3003),
    productId: master.zitronenhain100,
    salesUnit: 'gram',
    price: 990,
    lowStock: 30,
    visible: true,
  },
  {
    id: demoId(3004),
    productId: master.kuestennebel100,
    salesUnit: 'gram',
    price: 1190,
    step: 5,
    min: 5,
    max: 100,
    lowStock: 50,
    visible: true,
  },
  {
    id: demoId(3005),
    productId: master.fjordnacht100,
    salesUnit: 'gram',
    price: 1090,
    lowStock: 30,
    visible: true,
  },
  {
    id: demoId(3006),
    productId: master.roterSand100,
    salesUnit: 'gram',
    price: 1250,
    visible: true,
  },
  {
    id: demoId(3007),
    productId: master.andenrose100,
    salesUnit: 'gram',
    price: 890,
    step: 5,
    min: 5,
    lowStock: 50,
    visible: true,
  },
  {
    id: demoId(3008),
    productId: master.flusstal100,
    salesUnit: 'gram',
    price: 690,
    archived: true,
  },
  {
    id: demoId(3009),
    productId: master.salbeistern100,
    salesUnit: 'gram',
    price: 1050,
    lowStock: 30,
    visible: true,
  },
  {
    id: demoId(3010),
    productId: master.stilleWeide10,
    salesUnit: 'gram',
    price: 790,
    lowStock: 20,
    visible: true,
  },
  {
    id: demoId(3011),
    productId: master.nebelwald10,
    salesUnit: 'gram',
    price: 850,
    lowStock: 20,
    visible: true,
  },
  {
    id: demoId(3012),
    productId: master.lavendeltal10,
    salesUnit: 'gram',
    price: 1350,
    max: 50,
    lowStock: 20,
    visible: false,
  },
  // Sealed packs, priced at their gram price times the pack size.
  {
    id: demoId(3013),
    productId: master.bernsteinwolke5,
    salesUnit: 'pack',
    price: 4750,
    lowStock: 5,
    visible: true,
  },
  {
    id: demoId(3014),
    productId: master.kuestennebel10,
    salesUnit: 'pack',
    price: 11900,
    max: 10,
    lowStock: 5,
    visible: true,
  },
  {
    id: demoId(3015),
    productId: master.ahornglut10,
    salesUnit: 'pack',
    price: 13900,
    lowStock: 3,
    visible: true,
  },
  {
    id: demoId(3016),
    productId: master.kupferrebe10,
    salesUnit: 'pack',
    price: 12900,
    visible: true,
  },
  {
    id: demoId(3017),
    productId: master.mitternachtsmoos5,
    salesUnit: 'pack',
    price: 5950,
    archived: true,
  },
  {
    id: demoId(3018),
    productId: master.granitmond10,
    salesUnit: 'pack',
    price: 13500,
    lowStock: 3,
    visible: true,
  },
  {
    id: demoId(3019),
    productId: master.sonnenkamm10,
    salesUnit: 'pack',
    price: 10900,
    visible: false,
  },
  {
    id: demoId(3020),
    productId: master.atlantikbrise10,
    salesUnit: 'pack',
    price: 8500,
    lowStock: 3,
    visible: true,
  },
  // Extracts, CBD solution, dronabinol, vaporisers: per pack.
  {
    id: demoId(3021),
    productId: master.nordlichtExtract10,
    salesUnit: 'pack',
    price: 8900,
    lowStock: 3,
    visible: true,
  },
  {
    id: demoId(3022),
    productId: master.mapleRidgeBalanced30,
    salesUnit: 'pack',
    price: 13900,
    visible: true,
  },
  {
    id: demoId(3023),
    productId: master.sierraClaraExtract5,
    salesUnit: 'pack',
    price: 10900,
    visible: true,
  },
  {
    id: demoId(3024),
    productId: master.fjordgroenOilExtract10,
    salesUnit: 'pack',
    price: 9400,
    visible: true,
  },
  {
    id: demoId(3025),
    productId: master.cbdSolution30,
    salesUnit: 'pack',
    price: 6900,
    lowStock: 3,
    visible: true,
  },
  {
    id: demoId(3026),
    productId: master.dronabinolDrops,
    salesUnit: 'pack',
    price: 19900,
    max: 3,
    lowStock: 2,
    visible: true,
  },
  {
    id: demoId(3027),
    productId: master.dronabinolCapsules5,
    salesUnit: 'pack',
    price: 23900,
    max: 3,
    lowStock: 2,
    visible: true,
  },
  {
    id: demoId(3028),
    productId: master.dronabinolCapsules10,
    salesUnit: 'pack',
    price: 41900,
    archived: true,
  },
  {
    id: demoId(3029),
    productId: master.vaporiserDampfwerk,
    salesUnit: 'pack',
    price: 33900,
    lowStock: 2,
    visible: true,
  },
  {
    id: demoId(3030),
    productId: master.vaporiserThermaris,
    salesUnit: 'pack',
    price: 42900,
    lowStock: 1,
    visible: true,
  },
  // The rest of the shop's range: packs of flowers and extracts.
  shopPack(3031, master.wacholderglut10, 11900),
  shopPack(3032, master.eukalyptuswind10, 10400),
  shopPack(3033, master.tulpenfeld10, 8900),
  shopPack(3034, master.fjordnacht10, 12600),
  shopPack(3035, master.nordlichtExtract30, 24900),
  shopPack(3036, master.polderveldCbdExtract10, 9800),
]

/** A pack the shop sells one by one, at most five per order. */
function shopPack(serial: number, productId: string, price: number): DemoListing {
  return {
    id: demoId(serial),
    productId,
    salesUnit: 'pack',
    price,
    max: 5,
    lowStock: 3,
    visible: true,
  }
}

/** Apotheke am Markt (Potsdam): a smaller range, loose flowers and packs, its own prices. */
export const marketPharmacyListings: DemoListing[] = [
  {
    id: demoId(3101),
    productId: master.nordstern100,
    salesUnit: 'gram',
    price: 1090,
    max: 50,
    lowStock: 30,
    visible: true,
  },
  {
    id: demoId(3102),
    productId: master.zitronenhain100,
    salesUnit: 'gram',
    price: 940,
    max: 50,
    lowStock: 30,
    visible: true,
  },
  {
    id: demoId(3103),
    productId: master.roterSand100,
    salesUnit: 'gram',
    price: 1180,
    max: 50,
    lowStock: 30,
    visible: true,
  },
  {
    id: demoId(3104),
    productId: master.salbeistern100,
    salesUnit: 'gram',
    price: 1020,
    step: 5,
    min: 5,
    max: 50,
    lowStock: 30,
    visible: true,
  },
  shopPack(3105, master.polarkiefer10, 12800),
  shopPack(3106, master.ahornglut10, 13500),
  shopPack(3107, master.steinobst10, 9900),
  shopPack(3108, master.granitmond10, 11200),
  shopPack(3109, master.nordlichtExtract10, 8900),
  shopPack(3110, master.vardarExtract20, 16900),
  shopPack(3111, master.cbdSolution10, 3900),
  shopPack(3112, master.dronabinolDrops, 5400),
]

/** A pack of 10 g (or 5 g) flowers at the wholesaler: in steps of 5, at least 10 packs. */
const wholesalePack = (serial: number, productId: string, price: number): DemoListing => ({
  id: demoId(serial),
  productId,
  salesUnit: 'pack',
  price,
  step: 5,
  min: 10,
  lowStock: 20,
})

/** A bulk pack (100 g) at the wholesaler: single packs, at most 20 per order. */
const wholesaleBulk = (serial: number, productId: string, price: number): DemoListing => ({
  id: demoId(serial),
  productId,
  salesUnit: 'pack',
  price,
  max: 20,
  lowStock: 5,
})

/** Nordhanf Großhandel: wholesale prices, mostly bulk packs and packs in larger steps; no shop. */
export const wholesalerListings: DemoListing[] = [
  wholesaleBulk(4001, master.nordstern100, 52000),
  wholesaleBulk(4002, master.polarkiefer100, 58000),
  wholesaleBulk(4003, master.zitronenhain100, 44000),
  wholesaleBulk(4004, master.kuestennebel100, 54000),
  wholesaleBulk(4005, master.fjordnacht100, 49000),
  wholesaleBulk(4006, master.roterSand100, 56000),
  wholesaleBulk(4007, master.andenrose100, 41000),
  wholesaleBulk(4008, master.flusstal100, 32000),
  wholesaleBulk(4009, master.salbeistern100, 47000),
  wholesalePack(4010, master.nordstern10, 5600),
  wholesalePack(4011, master.bernsteinwolke10, 4600),
  wholesalePack(4012, master.polarkiefer10, 6200),
  wholesalePack(4013, master.ahornglut10, 6900),
  wholesalePack(4014, master.zitronenhain10, 4800),
  wholesalePack(4015, master.atlantikbrise10, 4200),
  wholesalePack(4016, master.kuestennebel10, 5800),
  wholesalePack(4017, master.tulpenfeld10, 4500),
  wholesalePack(4018, master.fjordnacht10, 5200),
  wholesalePack(4019, master.wacholderglut10, 4400),
  wholesalePack(4020, master.eukalyptuswind10, 6500),
  wholesalePack(4021, master.roterSand10, 6000),
  wholesalePack(4022, master.andenrose10, 4500),
  wholesalePack(4023, master.nebelwald10, 4300),
  { ...wholesalePack(4024, master.flusstal10, 3600), archived: true },
  wholesalePack(4025, master.lavendeltal10, 6600),
  wholesalePack(4026, master.kupferrebe10, 6400),
  wholesalePack(4027, master.salbeistern10, 5100),
  wholesalePack(4028, master.mitternachtsmoos10, 5500),
  wholesalePack(4029, master.stilleWeide10, 4000),
  wholesalePack(4030, master.hafenlicht10, 5500),
  { ...wholesalePack(4031, master.sonnenkamm10, 5300), archived: true },
  wholesalePack(4032, master.granitmond10, 6900),
  { ...wholesalePack(4033, master.bernsteinwolke5, 2400), step: 10 },
  { ...wholesalePack(4034, master.kuestennebel5, 2950), step: 10 },
  {
    id: demoId(4035),
    productId: master.nordlichtExtract30,
    salesUnit: 'pack',
    price: 16500,
    step: 3,
    min: 3,
    lowStock: 6,
  },
  {
    id: demoId(4036),
    productId: master.mapleRidgeBalanced30,
    salesUnit: 'pack',
    price: 7900,
    step: 3,
    min: 3,
  },
  {
    id: demoId(4037),
    productId: master.polderveldCbdExtract10,
    salesUnit: 'pack',
    price: 3900,
    step: 5,
    min: 5,
  },
  {
    id: demoId(4038),
    productId: master.andinaExtract10,
    salesUnit: 'pack',
    price: 4200,
    step: 5,
    min: 5,
    archived: true,
  },
  {
    id: demoId(4039),
    productId: master.cbdSolution10,
    salesUnit: 'pack',
    price: 1900,
    step: 10,
    min: 10,
    lowStock: 20,
  },
  {
    id: demoId(4040),
    productId: master.dronabinolDrops,
    salesUnit: 'pack',
    price: 12500,
    step: 2,
    min: 2,
    lowStock: 4,
  },
]

/** Grüne Ecke: its own varieties by the gram at the member contribution; at most 25 g a day. */
const clubListing = (serial: number, productId: string, price: number): DemoListing => ({
  id: demoId(serial),
  productId,
  salesUnit: 'gram',
  price,
  max: 25,
  lowStock: 100,
  visible: false,
})
export const clubListings: DemoListing[] = [
  clubListing(5001, clubProduct.auwald, 800),
  clubListing(5002, clubProduct.rosental, 750),
  clubListing(5003, clubProduct.elsterflut, 700),
  clubListing(5004, clubProduct.lerchenberg, 900),
  clubListing(5005, clubProduct.pleissenbrise, 720),
  clubListing(5006, clubProduct.gohliserAbendrot, 850),
]
