/**
 * The "translation" of the machine-translation stand-ins: a few menu words per language,
 * replaced word by word (capitalization kept), anything else left as is. Enough to prove that
 * text went through the provider and that protected terms did not. "Tiramisù" has an entry on
 * purpose: a glossary term that reaches the dictionary comes back changed.
 */
const WORDS: Record<string, Record<string, string>> = {
  de: {
    with: 'mit',
    and: 'und',
    cream: 'Sahne',
    chocolate: 'Schokolade',
    coffee: 'Kaffee',
    soup: 'Suppe',
    glass: 'Glas',
    bottle: 'Flasche',
    homemade: 'hausgemacht',
    tiramisù: 'Tiramisu',
    good: 'guten',
    morning: 'Morgen',
  },
  fr: { with: 'avec', and: 'et', cream: 'crème', chocolate: 'chocolat', coffee: 'café', soup: 'soupe', tiramisù: 'tiramisu' },
  pt: { with: 'com', and: 'e', cream: 'natas', chocolate: 'chocolate', coffee: 'café', soup: 'sopa', tiramisù: 'tiramisu' },
  en: { mit: 'with', und: 'and', sahne: 'cream', schokolade: 'chocolate', kaffee: 'coffee', suppe: 'soup' },
};

export function fakeTranslate(text: string, target: string): string {
  const words = WORDS[target.toLowerCase().split('-')[0] ?? ''] ?? {};
  return text.replace(/\p{L}+/gu, (word) => {
    const hit = words[word.toLowerCase()];
    if (!hit) return word;
    return word[0] === word[0]?.toUpperCase() ? hit.charAt(0).toUpperCase() + hit.slice(1) : hit;
  });
}
