import { describe, expect, it } from 'vitest';
import { detectLanguage, detectMoney } from './detect.ts';

/** Hand-written menu texts: currency, decimal style and language as a guest would read them. */
const MENUS: Array<{ text: string; language: string | null; currency: string | null; decimal: 'comma' | 'point' | null }> = [
  {
    text: 'Vorspeisen\nTomatensuppe mit Basilikum und Sahne 6,50 €\nGemischter Salat vom Markt 7,20 €\nHauptgerichte\nWiener Schnitzel vom Kalb mit Kartoffelsalat 18,90 €',
    language: 'de', currency: 'EUR', decimal: 'comma',
  },
  {
    text: 'Starters\nSoup of the day with sourdough bread £6.50\nChicken liver pâté, toast and chutney £8.00\nMains\nFish and chips with mushy peas £15.50',
    language: 'en', currency: 'GBP', decimal: 'point',
  },
  {
    text: 'Entrées\nSoupe à l’oignon gratinée 9,50\nSalade de chèvre chaud et noix 12,00\nPlats\nFilet de boeuf, sauce au poivre et frites 32,00\nPrix en CHF, service compris',
    language: 'fr', currency: 'CHF', decimal: 'comma',
  },
  {
    text: 'Antipasti\nBruschetta al pomodoro con basilico € 6,00\nPrimi\nSpaghetti alle vongole 14,50\nSecondi\nFiletto di manzo con patate al forno 24,00',
    language: 'it', currency: 'EUR', decimal: 'comma',
  },
  {
    text: 'Entrantes\nSopa de ajo con huevo 5,50 €\nEnsalada de la casa 7,00 €\nPrincipales\nPaella de mariscos (mínimo dos personas) 18,00 €',
    language: 'es', currency: 'EUR', decimal: 'comma',
  },
  {
    text: 'Voorgerechten\nTomatensoep met room en brood 6,50\nHoofdgerechten\nSaté van kip met friet en salade 16,50\nAlle prijzen in euro',
    language: 'nl', currency: 'EUR', decimal: 'comma',
  },
  {
    text: 'Przystawki\nŻurek z jajkiem i kiełbasą 18 zł\nPierogi ruskie ze śmietaną 24,00 zł\nDesery\nSernik z owocami 16 zł',
    language: 'pl', currency: 'PLN', decimal: 'comma',
  },
  {
    text: 'Förrätter\nToast Skagen med räkor och smör 145 kr\nHuvudrätter\nKöttbullar med potatis och gräddsås 189 kr\nEfterrätter\nChokladtårta med grädde 85 kr',
    language: 'sv', currency: 'SEK', decimal: null,
  },
  {
    text: 'Forretter\nRøget laks med rugbrød og smør 95 kr.\nHovedretter\nStegt flæsk med kartofler og persillesovs 165 kr.\nDesserter\nÆblekage med fløde 65 kr.',
    language: 'da', currency: 'DKK', decimal: null,
  },
  {
    text: 'Tacos\nTacos al pastor con piña y cilantro MX$ 85.00\nQuesadilla de queso con salsa verde MX$ 70.00\nBebidas\nAgua fresca de horchata MX$ 35.00',
    language: 'es', currency: 'MXN', decimal: 'point',
  },
  {
    text: 'Burgers\nClassic burger with cheese and fries $14.95\nSides\nOnion rings $5.50\nMilkshake, small or large $4.50 / $6.50',
    language: 'en', currency: 'USD', decimal: 'point',
  },
  {
    text: 'Polévky\nHovězí vývar s nudlemi 65 Kč\nHlavní jídla\nSvíčková na smetaně s knedlíkem 215 Kč',
    language: 'cs', currency: 'CZK', decimal: null,
  },
  {
    text: 'Levesek\nGulyásleves házi kenyérrel 1890 Ft\nFőételek\nCsirkepaprikás galuskával és tejföllel 3490 Ft',
    language: 'hu', currency: 'HUF', decimal: null,
  },
  {
    text: 'Ορεκτικά\nΤζατζίκι με ψωμί 4,50 €\nΚυρίως πιάτα\nΜουσακάς με σαλάτα 12,00 €\nΣουβλάκι χοιρινό με πατάτες 10,50 €',
    language: 'el', currency: 'EUR', decimal: 'comma',
  },
  {
    text: 'Petiscos\nPão com manteiga e azeitonas 2,50 €\nPratos\nBacalhau à Brás com salada 14,00 €\nSobremesas\nPastel de nata com canela 1,80 €',
    language: 'pt', currency: 'EUR', decimal: 'comma',
  },
];

describe('detectMoney', () => {
  it.each(MENUS.map((m) => [m.text.split('\n')[1], m] as const))('%s', (_, m) => {
    const got = detectMoney(m.text, m.language);
    expect(got.currency).toBe(m.currency);
    expect(got.decimal).toBe(m.decimal);
    if (m.currency) expect(got.evidence?.count).toBeGreaterThan(0);
  });

  it('tells Canadian and US dollars apart, and reads ISO codes before or after amounts', () => {
    expect(detectMoney('Poutine 12,50 $ CA · Café 3,00 $ CA').currency).toBe('CAD');
    expect(detectMoney('Soup 6.50 · Steak 24.00 · all prices in USD').currency).toBe('USD');
    expect(detectMoney('EUR 12.50 · EUR 8.00').currency).toBe('EUR');
    expect(detectMoney('Rösti 18.50 CHF, Bratwurst Fr. 16.00').currency).toBe('CHF');
  });

  it('names no currency without a sign or code, and no decimal style without decimals', () => {
    expect(detectMoney('Soup 6.50\nSteak 24.00')).toEqual({ currency: null, evidence: null, decimal: 'point' });
    expect(detectMoney('Soup 6\nSteak 24')).toEqual({ currency: null, evidence: null, decimal: null });
    // Words that contain the letters of a sign are no sign.
    expect(detectMoney('Kraut und Rüben, Frühstück').currency).toBeNull();
  });
});

describe('detectLanguage', () => {
  it.each(MENUS.map((m) => [m.language, m] as const))('%s', (_, m) => {
    expect(detectLanguage(m.text).language).toBe(m.language);
  });

  it('counts dish names in capitals for less than the sentences around them', () => {
    const text = [
      'LES ENTRÉES', 'SOUPE À L\'OIGNON 8.50', 'Gruyère crouton and thyme', 'PLATS DU JOUR',
      'STEAK FRITES 24.50', 'Bavette with béarnaise', 'MOULES FRITES 18.50', 'CRÈME BRÛLÉE 8.00',
      'A service charge of 12.5% will be added to your bill.',
    ].join('\n');
    expect(detectLanguage(text).language).toBe('en');
  });

  it('takes a capital letter alone for an allergen code, not the Czech "s"', () => {
    const text = ['TOFU S', 'RAMEN S', 'MISO S', 'TEMPEH S', 'SATAY S', 'LAKSA S', 'Served with rice and a salad'].join('\n');
    expect(detectLanguage(text).language).toBe('en');
  });

  it('tells the language of a price list without function words by its letters (trigrams)', () => {
    const bakery = [
      'Landbäckerei Sonnenkorn', 'Brote', 'Roggenmischbrot 3,20', 'Dinkelvollkornbrot 3,90', 'Sonnenblumenbrot 4,10', 'Gebäck',
      'Laugenbrezel 0,85', 'Mohnbrötchen 0,60', 'Streuselschnecke 1,90', 'Alle Preise inklusive Mehrwertsteuer',
      'Vorbestellungen bitte bis zwölf Uhr am Vortag',
    ].join('\n');
    expect(detectLanguage(bakery).language).toBe('de');
    const creperie = [
      'Crêperie Ty Breizh', 'Galettes de sarrasin', 'Complète 9,50', 'Forestière 11,00', 'Crêpes sucrées', 'Beurre sucre 4,00',
      'Caramel beurre salé 5,50', 'Chantilly maison',
    ].join('\n');
    expect(detectLanguage(creperie).language).toBe('fr');
  });

  it('reports nothing for too little text or a tie', () => {
    expect(detectLanguage('Pizza 9.50').language).toBeNull();
    expect(detectLanguage('Espresso · Cappuccino · Latte').language).toBeNull();
  });
});

describe('a bare dollar sign', () => {
  it('is read by the language of the menu', () => {
    expect(detectMoney('Burger $12.50', 'en').currency).toBe('USD');
    expect(detectMoney('Poutine 12,50 $', 'fr').currency).toBe('CAD');
    expect(detectMoney('Tacos $85', 'es').currency).toBe('MXN');
    expect(detectMoney('Burger $12.50').currency).toBe('USD');
  });
});
