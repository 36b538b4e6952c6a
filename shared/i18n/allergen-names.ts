import type { AllergenKey } from '../constants.ts';

/**
 * The official names of the 14 allergens of Regulation (EU) No 1169/2011, Annex II ("Substances
 * or products causing allergies or intolerances"), in the regulation's language versions: the
 * short heading of each entry (the substance, before "and products thereof" and the exceptions),
 * as the Annex words it in that language.
 *
 * `checked`: true when the wording was compared with a reproduction of that language version of
 * Annex II; false when it is the team's reading that a native speaker still has to compare with
 * the Official Journal. Only checked versions are shown to guests (a wrong legal wording is worse
 * than the English one): an unchecked or missing language falls back to English, marked `lang="en"`.
 * Adding a language: one entry here, copied from EUR-Lex (CELEX 32011R1169, Annex II), `checked: true`.
 */
export interface AllergenNames {
  source: string;
  checked: boolean;
  names: Readonly<Record<AllergenKey, string>>;
}

const source = (version: string) => `Regulation (EU) No 1169/2011, Annex II, ${version} version`;

export const ALLERGEN_NAMES: Readonly<Record<string, AllergenNames>> = {
  en: {
    source: source('EN'),
    checked: true,
    names: {
      gluten: 'Cereals containing gluten',
      crustaceans: 'Crustaceans',
      eggs: 'Eggs',
      fish: 'Fish',
      peanuts: 'Peanuts',
      soybeans: 'Soybeans',
      milk: 'Milk',
      nuts: 'Nuts',
      celery: 'Celery',
      mustard: 'Mustard',
      sesame: 'Sesame seeds',
      sulphites: 'Sulphur dioxide and sulphites',
      lupin: 'Lupin',
      molluscs: 'Molluscs',
    },
  },
  de: {
    source: source('DE'),
    checked: true,
    names: {
      gluten: 'Glutenhaltiges Getreide',
      crustaceans: 'Krebstiere',
      eggs: 'Eier',
      fish: 'Fische',
      peanuts: 'Erdnüsse',
      soybeans: 'Sojabohnen',
      milk: 'Milch',
      nuts: 'Schalenfrüchte',
      celery: 'Sellerie',
      mustard: 'Senf',
      sesame: 'Sesamsamen',
      // Sic: the German version spells it "Sulphite".
      sulphites: 'Schwefeldioxid und Sulphite',
      lupin: 'Lupinen',
      molluscs: 'Weichtiere',
    },
  },
  fr: {
    source: source('FR'),
    checked: true,
    names: {
      gluten: 'Céréales contenant du gluten',
      crustaceans: 'Crustacés',
      eggs: 'Œufs',
      fish: 'Poissons',
      peanuts: 'Arachides',
      soybeans: 'Soja',
      milk: 'Lait',
      nuts: 'Fruits à coque',
      celery: 'Céleri',
      mustard: 'Moutarde',
      sesame: 'Graines de sésame',
      sulphites: 'Anhydride sulfureux et sulfites',
      lupin: 'Lupin',
      molluscs: 'Mollusques',
    },
  },
  it: {
    source: source('IT'),
    checked: true,
    names: {
      gluten: 'Cereali contenenti glutine',
      crustaceans: 'Crostacei',
      eggs: 'Uova',
      fish: 'Pesce',
      peanuts: 'Arachidi',
      soybeans: 'Soia',
      milk: 'Latte',
      nuts: 'Frutta a guscio',
      celery: 'Sedano',
      mustard: 'Senape',
      sesame: 'Semi di sesamo',
      sulphites: 'Anidride solforosa e solfiti',
      lupin: 'Lupini',
      molluscs: 'Molluschi',
    },
  },
  es: {
    source: source('ES'),
    checked: true,
    names: {
      gluten: 'Cereales que contengan gluten',
      crustaceans: 'Crustáceos',
      eggs: 'Huevos',
      fish: 'Pescado',
      peanuts: 'Cacahuetes',
      soybeans: 'Soja',
      milk: 'Leche',
      nuts: 'Frutos de cáscara',
      celery: 'Apio',
      mustard: 'Mostaza',
      sesame: 'Granos de sésamo',
      sulphites: 'Dióxido de azufre y sulfitos',
      lupin: 'Altramuces',
      molluscs: 'Moluscos',
    },
  },
  nl: {
    source: source('NL'),
    checked: false,
    names: {
      gluten: 'Glutenbevattende granen',
      crustaceans: 'Schaaldieren',
      eggs: 'Eieren',
      fish: 'Vis',
      peanuts: 'Aardnoten (pinda’s)',
      soybeans: 'Soja',
      milk: 'Melk',
      nuts: 'Noten',
      celery: 'Selderij',
      mustard: 'Mosterd',
      sesame: 'Sesamzaad',
      sulphites: 'Zwaveldioxide en sulfieten',
      lupin: 'Lupine',
      molluscs: 'Weekdieren',
    },
  },
  pt: {
    source: source('PT'),
    checked: true,
    names: {
      gluten: 'Cereais que contêm glúten',
      crustaceans: 'Crustáceos',
      eggs: 'Ovos',
      fish: 'Peixes',
      peanuts: 'Amendoins',
      soybeans: 'Soja',
      milk: 'Leite',
      nuts: 'Frutos de casca rija',
      celery: 'Aipo',
      mustard: 'Mostarda',
      sesame: 'Sementes de sésamo',
      sulphites: 'Dióxido de enxofre e sulfitos',
      lupin: 'Tremoço',
      molluscs: 'Moluscos',
    },
  },
  pl: {
    source: source('PL'),
    checked: true,
    names: {
      gluten: 'Zboża zawierające gluten',
      crustaceans: 'Skorupiaki',
      eggs: 'Jaja',
      fish: 'Ryby',
      peanuts: 'Orzeszki ziemne (arachidowe)',
      soybeans: 'Soja',
      milk: 'Mleko',
      nuts: 'Orzechy',
      celery: 'Seler',
      mustard: 'Gorczyca',
      sesame: 'Nasiona sezamu',
      sulphites: 'Dwutlenek siarki i siarczyny',
      lupin: 'Łubin',
      molluscs: 'Mięczaki',
    },
  },
  cs: {
    source: source('CS'),
    checked: true,
    names: {
      gluten: 'Obiloviny obsahující lepek',
      crustaceans: 'Korýši',
      eggs: 'Vejce',
      fish: 'Ryby',
      peanuts: 'Jádra podzemnice olejné (arašídy)',
      soybeans: 'Sójové boby',
      milk: 'Mléko',
      nuts: 'Skořápkové plody',
      celery: 'Celer',
      mustard: 'Hořčice',
      sesame: 'Sezamová semena',
      sulphites: 'Oxid siřičitý a siřičitany',
      lupin: 'Vlčí bob (lupina)',
      molluscs: 'Měkkýši',
    },
  },
  da: {
    source: source('DA'),
    checked: true,
    names: {
      gluten: 'Glutenholdige kornprodukter',
      crustaceans: 'Krebsdyr',
      eggs: 'Æg',
      fish: 'Fisk',
      peanuts: 'Jordnødder',
      soybeans: 'Soja',
      milk: 'Mælk',
      nuts: 'Nødder',
      celery: 'Selleri',
      mustard: 'Sennep',
      sesame: 'Sesamfrø',
      sulphites: 'Svovldioxid og sulfitter',
      lupin: 'Lupin',
      molluscs: 'Bløddyr',
    },
  },
  hu: {
    source: source('HU'),
    checked: false,
    names: {
      gluten: 'Glutént tartalmazó gabonafélék',
      crustaceans: 'Rákfélék',
      eggs: 'Tojás',
      fish: 'Halak',
      peanuts: 'Földimogyoró',
      soybeans: 'Szójabab',
      milk: 'Tej',
      nuts: 'Diófélék',
      celery: 'Zeller',
      mustard: 'Mustár',
      sesame: 'Szezámmag',
      sulphites: 'Kén-dioxid és szulfitok',
      lupin: 'Csillagfürt',
      molluscs: 'Puhatestűek',
    },
  },
  sv: {
    source: source('SV'),
    checked: false,
    names: {
      gluten: 'Spannmål som innehåller gluten',
      crustaceans: 'Kräftdjur',
      eggs: 'Ägg',
      fish: 'Fisk',
      peanuts: 'Jordnötter',
      soybeans: 'Sojabönor',
      milk: 'Mjölk',
      nuts: 'Nötter',
      celery: 'Selleri',
      mustard: 'Senap',
      sesame: 'Sesamfrön',
      sulphites: 'Svaveldioxid och sulfit',
      lupin: 'Lupin',
      molluscs: 'Blötdjur',
    },
  },
  hr: {
    source: source('HR'),
    // Two headings corrected to the wording Croatian venues print from the regulation ("Žitarice koje
    // sadrže gluten", "Orašasto voće"); still to compare with the Official Journal before it is shown.
    checked: false,
    names: {
      gluten: 'Žitarice koje sadrže gluten',
      crustaceans: 'Rakovi',
      eggs: 'Jaja',
      fish: 'Riba',
      peanuts: 'Kikiriki',
      soybeans: 'Zrna soje',
      milk: 'Mlijeko',
      nuts: 'Orašasto voće',
      celery: 'Celer',
      mustard: 'Gorušica',
      sesame: 'Sjeme sezama',
      sulphites: 'Sumporov dioksid i sulfiti',
      lupin: 'Lupina',
      molluscs: 'Mekušci',
    },
  },
  el: {
    source: source('EL'),
    checked: false,
    names: {
      gluten: 'Δημητριακά που περιέχουν γλουτένη',
      crustaceans: 'Καρκινοειδή',
      eggs: 'Αυγά',
      fish: 'Ψάρια',
      peanuts: 'Αραχίδες',
      soybeans: 'Σόγια',
      milk: 'Γάλα',
      nuts: 'Καρποί με κέλυφος',
      celery: 'Σέλινο',
      mustard: 'Μουστάρδα',
      sesame: 'Σπόροι σησαμιού',
      sulphites: 'Διοξείδιο του θείου και θειώδη',
      lupin: 'Λούπινο',
      molluscs: 'Μαλάκια',
    },
  },
};

/**
 * The allergen names for a page language and the language they are really in: the checked
 * language version for "de" or "de-AT", else English.
 */
export function allergenNames(lang: string): { lang: string; names: Readonly<Record<AllergenKey, string>> } {
  const base = lang.toLowerCase().split('-')[0] ?? '';
  const entry = ALLERGEN_NAMES[base];
  if (entry?.checked) return { lang: base, names: entry.names };
  return { lang: 'en', names: (ALLERGEN_NAMES.en as AllergenNames).names };
}
