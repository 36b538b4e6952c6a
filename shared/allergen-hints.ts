import { ALLERGEN_KEYS, type AllergenKey } from './constants.ts';

/**
 * Allergens a dish's own words name: "Hake, mussels" has fish and molluscs, "Waffle" gluten,
 * "Käsespätzle" milk (and gluten, eggs). Written from general culinary knowledge in the shipped
 * languages (en, de, fr, it, es, nl), ingredient words only, never a whole dish's recipe: a word
 * here is one whose dish contains the allergen in (almost) every kitchen. A hint is a question
 * for a person ("Hake: fish is not marked"), never an allergen set on its own.
 *
 * Matched on folded text (lower case, accents off, œ → oe, ß → ss). German and Dutch build
 * compounds ("Lachsfilet", "Käsekuchen", "vissoep"), so some words match as a word's start or
 * end; words that are also something else are left out ("pan" in "pan-fried", "sole" the Italian
 * sun, "bar", "noix" of Saint-Jacques scallops, "tortilla" Spanish or Mexican, "rape" for rapeseed).
 * Sulphites have no word of their own: wine and dried fruit vary too much to hint.
 */
const HINTS: Partial<Record<AllergenKey, RegExp>> = {
  gluten:
    /\b(?:bread|breaded|breadcrumbs?|toast|toasties?|sandwich\w*|baguettes?|brioche|croissants?|croutons?|waffles?|pancakes?|crumpets?|bagels?|pasta|spaghetti|linguine|penne|rigatoni|tagliatelle|pappardelle|fettuccine|lasagne|lasagna|ravioli|tortellini|gnocchi|noodles?|udon|couscous|bulgur|seitan|panko|naan|roti|pittas?|pitas?|focaccia|rye|barley|spelt|oats|porridge|granola|muesli|semolina|orzo|farro|roggen\w*|dinkel\w*|gerste|hafer\w*|seigle|epeautre|segale|centeno|cebada|espelta|rogge|haver|bruschetta|crostini|pizzas?|calzone|scones?|muffins?|cakes?|tarts?|pies?|pastry|pastries|strudel|crumble|biscuits?|cookies?|brownies?|doughnuts?|donuts?|burgers?|wraps?|dumplings?|tempura|schnitzel\w*|\w*brot|\w*brotchen|brot\w*|semmel\w*|brezel\w*|\w*kuchen|\w*torte|\w*strudel|\w*knodel|\w*nudeln|spatzle|\w*spatzle|pfannkuchen|waffeln?|paniert\w*|pain|pains|tartines?|crepes?|gaufres?|galettes? des rois|tartes?|feuillete\w*|millefeuille|eclairs?|chouquettes?|quiches?|pane|panini|panino|piadina|grissini|cornetto|cornetti|crostata|cantucci|sfoglia\w*|bocadillos?|tostadas?|churros|empanadas?|empanadillas?|magdalenas?|brood|broodje\w*|\w*brood|pannenkoek\w*|poffertjes|wafels?|stroopwafels?|tosti|kroket\w*|bitterballen|appeltaart|\w*taart)\b/,
  crustaceans:
    /\b(?:prawns?|shrimps?|crabs?|crayfish|lobsters?|langoustines?|\w*garnelen?|krabben?|hummer|languste|krebs\w*|crevettes?|homards?|langoustes?|ecrevisses?|crabes?|gamber\w*|scampi|aragost\w*|astice|granchio|mazzancoll\w*|gambas?|langostinos?|bogavante|cigalas?|centollo|necoras?|carabineros?|garnalen|\w*garnalen|kreeft|krab|langoestines?)\b/,
  eggs: /\b(?:eggs?|omelet\w*|omelett\w*|mayo|mayonnaise|aioli|hollandaise|bearnaise|meringue\w*|custard|frittata|carbonara|eier|\w*eier|spiegelei|ruhrei|eierspeise|baiser|oeufs?|gribiche|uovo|uova|zabaione|huevos?|alioli|tortilla espanola|eieren|ei|uitsmijter)\b/,
  fish: /\b(?:fish|fishcakes?|cod|haddock|hake|salmon|trout|tuna|mackerel|sardines?|anchov\w*|herring|halibut|plaice|turbot|monkfish|seabass|sea bass|sea bream|bream|mullet|snapper|swordfish|kippers?|\w*fisch|fisch\w*|lachs\w*|forelle\w*|kabeljau|dorsch|zander|hecht|karpfen|saibling|hering|matjes|thunfisch|sardellen|seelachs|scholle|poissons?|saumon|truite|thon|cabillaud|merlu|maquereau|anchois|dorade|daurade|lotte|brandade|bouillabaisse|pesce|pesci|salmone|trota|tonno|merluzzo|baccala|branzino|orata|spigola|acciugh\w*|alici|sarde|pesce spada|rana pescatrice|pescados?|pescaito|trucha|atun|bonito|merluza|bacalao|lubina|dorada|rape|rodaballo|boquerones|anchoas|sardinas|caballa|vis|dagvis|zeevis|bakvis|vissoep|visschotel|visburger|visfilet\w*|zalm|kabeljauw|schelvis|haring|makreel|tonijn|forel|zeebaars|tarbot|tong|schol|kibbeling|lekkerbekje|ansjovis)\b/,
  peanuts: /\b(?:peanuts?|satay|sate|erdnuss\w*|cacahuetes?|arachides?|arachidi|cacahuate|pinda\w*)\b/,
  soybeans: /\b(?:soy|soya|tofu|tempeh|edamame|miso|soja\w*|sojasauce|shoyu|tamari)\b/,
  milk: /\b(?:milk|milkshakes?|cheeses?|\w*cheese|cream|creamy|sour cream|butter|buttered|buttermilk|yogh?urts?|ghee|paneer|halloumi|mozzarella|burrata|parmesan|parmigiano|pecorino|gorgonzola|ricotta|mascarpone|feta|brie|camembert|cheddar|stilton|gruyere|emmental\w*|comte|raclette|fondue|manchego|bechamel|alfredo|quattro formaggi|tzatziki|raita|lassi|ice cream|gelato|\w*milch|milch\w*|\w*kase|kase\w*|\w*sahne|sahne\w*|rahm\w*|schmand|quark|topfen\w*|\w*butter|joghurt|lait|laitiere?|fromages?|creme|cremeux|beurres?|yaourts?|chantilly|latte|formagg\w*|panna|burro|stracciatella|provola|scamorza|taleggio|fontina|leche|queso|quesos|nata|mantequilla|cuajada|kaas\w*|\w*kaas|room|slagroom|boter|melk|yoghurt|karnemelk)\b/,
  nuts: /\b(?:walnuts?|hazelnuts?|almonds?|pistachios?|cashews?|pecans?|macadamia|brazil nuts?|praline\w*|marzipan|frangipane|nougat|(?:hasel|wal|pekan|para|cashew|macadamia)?nuss\w*|(?:hasel|wal)?nusse|mandel\w*|pistazie\w*|cashew\w*|noisettes?|amandes?|pistaches?|noix de cajou|noix de pecan|gianduja|nocciol\w*|noci|noce|mandorl\w*|pistacchi\w*|anacardi|amaretti|avellanas?|almendras?|pistachos?|nueces|anacardos|turron|mazapan|walnoten|hazelnoten|amandel\w*|pistache\w*|cashewnoten|noten)\b/,
  celery: /\b(?:celery|celeriac|sellerie|knollensellerie|celeri|celeri-rave|sedano|apio|selderij|knolselderij)\b/,
  mustard: /\b(?:mustard|dijon|\w*senf|senf\w*|moutarde|senape|mostarda|mostaza|mosterd\w*)\b/,
  sesame: /\b(?:sesame|tahini|tahina|hummus|houmous|sesam\w*|sesamo|ajonjoli)\b/,
  molluscs:
    /\b(?:mussels?|oysters?|scallops?|clams?|squid|calamari|octopus|cuttlefish|whelks?|cockles?|snails?|escargots?|\w*muscheln?|muschel\w*|austern?|tintenfisch|kalmar\w*|weinbergschnecken|moules?|huitres?|coquilles saint-jacques|saint-jacques|palourdes?|calamars?|encornets?|poulpes?|seiches?|bulots?|cozze|vongole|ostriche|capesante|calamar\w*|polpo|polpi|seppi\w*|totani|mejillones|ostras?|zamburinas?|vieiras?|almejas?|berberechos|calamares|chipirones|pulpo|sepia|navajas|mosselen|oesters?|sint-jakobsschelpen|inktvis|pijlinktvis|kokkels|slakken)\b/,
  lupin: /\b(?:lupin\w*|lupine\w*|lupini|altramuces)\b/,
};

/**
 * Words that would hint wrongly beside the word before them: only the misleading word goes
 * ("peanut butter" still hints peanuts, "almond milk" nuts, "soy milk" soybeans).
 */
const EXCEPTIONS: RegExp[] = [
  /(?<=\b(?:peanut|cocoa|shea|almond|cashew|hazelnut|apple|nut|vegan|plant) )butter\b/g,
  /(?<=\b(?:erdnuss|kakao|mandel))butter\b/g,
  /(?<=\bvegan )(?:cheese|cream|mayo|mayonnaise|aioli)\b/g,
  /(?<=\b(?:coconut|oat|soy|soya|almond|rice|cashew) )(?:cream|milk|latte)\b/g,
  /(?<=\b(?:hafer|soja|mandel|kokos|reis))milch\b/g,
  /\blatte(?= (?:di|d')\s?(?:soia|mandorla|avena|riso|cocco)\b)/g,
  /\b(?:noix|noce|nuez) (?:de |di )?(?:coco|cocco|muscade|moscata)\b/g,
  /(?<=\brice )(?:noodles?|cakes?)\b/g,
  /\beggplant\w*\b/g,
  /\bcream of tartar\b/g,
  /\bcreme de (?:cassis|menthe|mure|peche|framboise)\b/g,
];

/** Folds text for matching: lower case, no accents, œ → oe, ß → ss. */
function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '');
}

/**
 * The allergens the words of a dish (its name and description) name, in the order of the EU list.
 * "rôti" (roasted) is no roti bread: accents are looked at before they are folded away.
 */
export function allergensHintedBy(text: string): AllergenKey[] {
  let folded = fold(text.replace(/rôti/giu, 'roasted'));
  for (const re of EXCEPTIONS) folded = folded.replace(re, ' ');
  return ALLERGEN_KEYS.filter((key) => HINTS[key]?.test(folded) ?? false);
}

/** The hinted allergens a dish's allergen list leaves out ("Hake" marked without fish). */
export function unmarkedAllergenHints(text: string, marked: readonly string[]): AllergenKey[] {
  const have = new Set(marked);
  return allergensHintedBy(text).filter((key) => !have.has(key));
}

/**
 * Whether a menu marks allergens dish by dish, from the share of its dishes that carry codes (a
 * quarter or more): only then does a dish whose words name an allergen its codes leave out say
 * something (the import's flag and the review's question use the same rule).
 */
export function marksAllergensDishByDish(shareWithCodes: number): boolean {
  return shareWithCodes >= 0.25;
}
