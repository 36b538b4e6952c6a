/**
 * The demo restaurant: organization, venues, tags and the "À la carte" menu of a small Italian
 * trattoria. Prices are VAT-inclusive EUR cents; allergens are the EU-14 keys of shared/constants.
 */
import type { ALLERGENS } from '../../shared/constants.ts';

export type AllergenKey = (typeof ALLERGENS)[number]['key'];
export type TagKey = 'vegan' | 'vegetarian' | 'spicy' | 'glutenFree' | 'house' | 'new';
/** Which kind of picture the image generator paints for a section's items. */
export type ImageStyle = 'antipasti' | 'soup' | 'salad' | 'pasta' | 'pizza' | 'main' | 'dessert' | 'drink';

export interface Price {
  label: string;
  amount: number;
}

export interface DemoItem {
  name: string;
  description: string;
  /** German name and description. */
  de?: [name: string, description: string];
  prices: Price[];
  allergens?: AllergenKey[];
  mayContain?: AllergenKey[];
  tags?: TagKey[];
  /** Gets a generated photo. */
  image?: boolean;
  /** Stored with `available: false`. */
  soldOut?: boolean;
}

export interface DemoSection {
  name: string;
  description: string;
  de: [name: string, description: string];
  style: ImageStyle;
  items: DemoItem[];
}

export interface DemoVenue {
  name: string;
  timezone: string;
  primaryColor: string;
  address: string;
  /** The letter painted on the generated logo. */
  logoLetter: string;
}

export const DEMO_USER = { email: 'demo@qrmenu.local', name: 'Demo Owner', password: 'trattoria-demo' };

export const DEMO_ORGANIZATION = { name: 'Trattoria Demo', slug: 'trattoria-demo', currency: 'EUR', defaultLanguage: 'en' };

export const DEMO_VENUES: DemoVenue[] = [
  {
    name: 'Trattoria Demo — Altstadt',
    timezone: 'Europe/Vienna',
    primaryColor: '#9c2f2f',
    address: 'Judengasse 4, 1010 Wien, Austria',
    logoLetter: 'A',
  },
  {
    name: 'Trattoria Demo — Hafen',
    timezone: 'Europe/Berlin',
    primaryColor: '#1f5f7a',
    address: 'Am Sandtorkai 12, 20457 Hamburg, Germany',
    logoLetter: 'H',
  },
];

export const DEMO_TAGS: Array<{ key: TagKey; name: string; color: string }> = [
  { key: 'vegan', name: 'Vegan', color: '#2e7d32' },
  { key: 'vegetarian', name: 'Vegetarian', color: '#7cb342' },
  { key: 'spicy', name: 'Spicy', color: '#d32f2f' },
  { key: 'glutenFree', name: 'Gluten-free', color: '#f9a825' },
  { key: 'house', name: 'House special', color: '#6a1b9a' },
  { key: 'new', name: 'New', color: '#1565c0' },
];

const one = (amount: number): Price[] => [{ label: '', amount }];
const pizza = (small: number, large: number): Price[] => [
  { label: 'Ø 26 cm', amount: small },
  { label: 'Ø 32 cm', amount: large },
];
const wine = (glass: number, bottle: number): Price[] => [
  { label: 'glass 0.125 l', amount: glass },
  { label: 'bottle 0.75 l', amount: bottle },
];
const sizes = (...pairs: Array<[label: string, amount: number]>): Price[] => pairs.map(([label, amount]) => ({ label, amount }));

const antipasti: DemoItem[] = [
  {
    name: 'Bruschetta al pomodoro',
    description: 'Grilled sourdough with marinated tomatoes, garlic and basil',
    de: ['Bruschetta al pomodoro', 'Geröstetes Sauerteigbrot mit marinierten Tomaten, Knoblauch und Basilikum'],
    prices: one(790),
    allergens: ['gluten'],
    tags: ['vegan'],
    image: true,
  },
  {
    name: 'Vitello tonnato',
    description: 'Thinly sliced veal with creamy tuna sauce and capers',
    de: ['Vitello tonnato', 'Dünn geschnittenes Kalbfleisch mit cremiger Thunfischsauce und Kapern'],
    prices: one(1450),
    allergens: ['fish', 'eggs'],
    mayContain: ['mustard'],
    tags: ['glutenFree'],
  },
  {
    name: 'Carpaccio di manzo',
    description: 'Raw beef fillet, rocket, shaved parmesan and lemon',
    de: ['Carpaccio vom Rind', 'Rohes Rinderfilet, Rucola, gehobelter Parmesan und Zitrone'],
    prices: one(1390),
    allergens: ['milk'],
    tags: ['glutenFree'],
    image: true,
  },
  {
    name: 'Caprese di bufala',
    description: 'Buffalo mozzarella, vine tomatoes, basil and olive oil',
    de: ['Caprese di bufala', 'Büffelmozzarella, Strauchtomaten, Basilikum und Olivenöl'],
    prices: one(1190),
    allergens: ['milk'],
    tags: ['vegetarian', 'glutenFree'],
    image: true,
  },
  {
    name: 'Burrata con pomodorini',
    description: 'Creamy Apulian burrata with roasted cherry tomatoes',
    de: ['Burrata mit Kirschtomaten', 'Cremige Burrata aus Apulien mit gerösteten Kirschtomaten'],
    prices: one(1290),
    allergens: ['milk'],
    tags: ['vegetarian', 'glutenFree', 'new'],
  },
  {
    name: 'Antipasto misto',
    description: 'Prosciutto, salami, pecorino, marinated olives and grissini',
    de: ['Antipasto misto', 'Prosciutto, Salami, Pecorino, marinierte Oliven und Grissini'],
    prices: sizes(['for one', 1590], ['for two', 2790]),
    allergens: ['gluten', 'milk'],
    mayContain: ['mustard'],
    tags: ['house'],
    image: true,
  },
  {
    name: 'Arancini siciliani',
    description: 'Crispy rice balls filled with ragù, peas and mozzarella',
    de: ['Arancini siciliani', 'Knusprige Reisbällchen mit Ragù, Erbsen und Mozzarella'],
    prices: one(950),
    allergens: ['gluten', 'eggs', 'milk', 'celery'],
  },
  {
    name: 'Calamari fritti',
    description: 'Fried squid rings with lemon and garlic aioli',
    de: ['Calamari fritti', 'Frittierte Tintenfischringe mit Zitrone und Knoblauch-Aioli'],
    prices: one(1350),
    allergens: ['molluscs', 'gluten', 'eggs'],
  },
  {
    name: "Gamberi all'aglio",
    description: 'Prawns sautéed with garlic, chilli and white wine, with bread',
    de: ["Gamberi all'aglio", 'Garnelen in Knoblauch, Chili und Weißwein, dazu Brot'],
    prices: one(1590),
    allergens: ['crustaceans', 'sulphites', 'gluten'],
    tags: ['spicy'],
  },
  {
    name: 'Focaccia al rosmarino',
    description: 'Warm focaccia with rosemary and sea salt',
    de: ['Focaccia mit Rosmarin', 'Warme Focaccia mit Rosmarin und Meersalz'],
    prices: one(550),
    allergens: ['gluten'],
    tags: ['vegan'],
  },
];

const soups: DemoItem[] = [
  {
    name: 'Minestrone',
    description: 'Hearty vegetable soup with beans and small pasta',
    de: ['Minestrone', 'Kräftige Gemüsesuppe mit Bohnen und kleinen Nudeln'],
    prices: one(790),
    allergens: ['celery', 'gluten'],
    tags: ['vegan'],
    image: true,
  },
  {
    name: 'Zuppa di pomodoro',
    description: 'Slow-cooked tomato soup with basil oil',
    de: ['Tomatensuppe', 'Langsam gegarte Tomatensuppe mit Basilikumöl'],
    prices: one(750),
    allergens: ['celery'],
    tags: ['vegan', 'glutenFree'],
  },
  {
    name: 'Ribollita toscana',
    description: 'Tuscan bread and bean soup with cavolo nero',
    de: ['Ribollita toscana', 'Toskanische Brot-Bohnen-Suppe mit Schwarzkohl'],
    prices: one(850),
    allergens: ['gluten', 'celery'],
    tags: ['vegan'],
  },
  {
    name: 'Zuppa di pesce',
    description: 'Fish soup with mussels, prawns, saffron and crostini',
    de: ['Fischsuppe', 'Fischsuppe mit Miesmuscheln, Garnelen, Safran und Crostini'],
    prices: one(1690),
    allergens: ['fish', 'molluscs', 'crustaceans', 'sulphites', 'celery', 'gluten'],
    tags: ['house'],
    image: true,
  },
  {
    name: 'Pasta e fagioli',
    description: 'Borlotti bean soup with ditalini and rosemary',
    de: ['Pasta e fagioli', 'Borlottibohnensuppe mit Ditalini und Rosmarin'],
    prices: one(820),
    allergens: ['gluten', 'celery'],
    tags: ['vegan'],
  },
  {
    name: 'Stracciatella alla romana',
    description: 'Chicken broth with whisked egg and parmesan',
    de: ['Stracciatella alla romana', 'Hühnerbrühe mit verquirltem Ei und Parmesan'],
    prices: one(720),
    allergens: ['eggs', 'milk', 'celery'],
    tags: ['glutenFree'],
  },
];

const salads: DemoItem[] = [
  {
    name: 'Insalata mista',
    description: 'Mixed leaves, tomatoes, cucumber and carrots',
    de: ['Gemischter Salat', 'Blattsalate, Tomaten, Gurke und Karotten'],
    prices: sizes(['small', 550], ['large', 890]),
    mayContain: ['mustard'],
    tags: ['vegan', 'glutenFree'],
  },
  {
    name: 'Insalata Caesar',
    description: 'Romaine, croutons, parmesan and anchovy dressing',
    de: ['Caesar Salad', 'Römersalat, Croûtons, Parmesan und Sardellendressing'],
    prices: one(1190),
    allergens: ['gluten', 'milk', 'fish', 'eggs', 'mustard'],
    image: true,
  },
  {
    name: 'Rucola e parmigiano',
    description: 'Rocket, shaved parmesan and aged balsamic',
    de: ['Rucola mit Parmesan', 'Rucola, gehobelter Parmesan und gereifter Balsamico'],
    prices: one(990),
    allergens: ['milk', 'sulphites'],
    tags: ['vegetarian', 'glutenFree'],
  },
  {
    name: 'Panzanella',
    description: 'Tuscan bread salad with tomatoes, cucumber and red onion',
    de: ['Panzanella', 'Toskanischer Brotsalat mit Tomaten, Gurke und roten Zwiebeln'],
    prices: one(1050),
    allergens: ['gluten', 'sulphites'],
    tags: ['vegan'],
  },
  {
    name: 'Insalata di polpo',
    description: 'Octopus, potatoes, celery and parsley',
    de: ['Oktopussalat', 'Oktopus, Kartoffeln, Stangensellerie und Petersilie'],
    prices: one(1590),
    allergens: ['molluscs', 'celery'],
    tags: ['glutenFree'],
  },
  {
    name: 'Finocchi e arance',
    description: 'Shaved fennel, blood orange and black olives',
    de: ['Fenchel und Orangen', 'Gehobelter Fenchel, Blutorange und schwarze Oliven'],
    prices: one(950),
    tags: ['vegan', 'glutenFree', 'new'],
    image: true,
  },
  {
    name: 'Insalata di farro',
    description: 'Spelt salad with roasted vegetables and herbs',
    de: ['Dinkelsalat', 'Dinkelsalat mit geröstetem Gemüse und Kräutern'],
    prices: one(1150),
    allergens: ['gluten'],
    tags: ['vegan'],
  },
  {
    name: 'Insalata nizzarda',
    description: 'Tuna, egg, green beans, potatoes and olives',
    de: ['Salat Nizza', 'Thunfisch, Ei, grüne Bohnen, Kartoffeln und Oliven'],
    prices: one(1290),
    allergens: ['fish', 'eggs'],
    mayContain: ['mustard'],
    tags: ['glutenFree'],
  },
];

const pasta: DemoItem[] = [
  {
    name: 'Spaghetti aglio, olio e peperoncino',
    description: 'Garlic, olive oil, chilli and parsley',
    de: ['Spaghetti aglio, olio e peperoncino', 'Knoblauch, Olivenöl, Chili und Petersilie'],
    prices: one(1090),
    allergens: ['gluten'],
    tags: ['vegan', 'spicy'],
  },
  {
    name: 'Spaghetti alla carbonara',
    description: 'Guanciale, egg yolk, pecorino and black pepper',
    de: ['Spaghetti alla carbonara', 'Guanciale, Eigelb, Pecorino und schwarzer Pfeffer'],
    prices: one(1390),
    allergens: ['gluten', 'eggs', 'milk'],
    tags: ['house'],
    image: true,
  },
  {
    name: "Penne all'arrabbiata",
    description: 'Spicy tomato sauce with garlic and chilli',
    de: ["Penne all'arrabbiata", 'Scharfe Tomatensauce mit Knoblauch und Chili'],
    prices: one(1150),
    allergens: ['gluten'],
    tags: ['vegan', 'spicy'],
  },
  {
    name: 'Tagliatelle al ragù',
    description: 'Fresh egg tagliatelle with slow-cooked Bolognese ragù',
    de: ['Tagliatelle al ragù', 'Frische Eiernudeln mit langsam geschmortem Bolognese-Ragù'],
    prices: one(1450),
    allergens: ['gluten', 'eggs', 'celery', 'milk', 'sulphites'],
    image: true,
  },
  {
    name: 'Lasagne al forno',
    description: 'Baked lasagne with ragù, béchamel and parmesan',
    de: ['Lasagne al forno', 'Überbackene Lasagne mit Ragù, Béchamel und Parmesan'],
    prices: one(1490),
    allergens: ['gluten', 'eggs', 'milk', 'celery'],
  },
  {
    name: 'Spaghetti alle vongole',
    description: 'Venus clams, white wine, garlic and parsley',
    de: ['Spaghetti alle vongole', 'Venusmuscheln, Weißwein, Knoblauch und Petersilie'],
    prices: one(1790),
    allergens: ['gluten', 'molluscs', 'sulphites'],
  },
  {
    name: 'Linguine ai frutti di mare',
    description: 'Mussels, clams, prawns and squid in a light tomato sauce',
    de: ['Linguine mit Meeresfrüchten', 'Miesmuscheln, Venusmuscheln, Garnelen und Tintenfisch in leichter Tomatensauce'],
    prices: one(1990),
    allergens: ['gluten', 'molluscs', 'crustaceans', 'sulphites'],
    image: true,
  },
  {
    name: 'Trofie al pesto genovese',
    description: 'Basil pesto, green beans and potatoes',
    de: ['Trofie mit Pesto genovese', 'Basilikumpesto, grüne Bohnen und Kartoffeln'],
    prices: one(1350),
    allergens: ['gluten', 'milk'],
    mayContain: ['nuts'],
    tags: ['vegetarian'],
  },
  {
    name: 'Gnocchi gorgonzola e noci',
    description: 'Potato gnocchi in gorgonzola cream with walnuts',
    de: ['Gnocchi mit Gorgonzola und Walnüssen', 'Kartoffelgnocchi in Gorgonzolacreme mit Walnüssen'],
    prices: one(1390),
    allergens: ['gluten', 'eggs', 'milk', 'nuts'],
    tags: ['vegetarian'],
    image: true,
  },
  {
    name: 'Ravioli ricotta e spinaci',
    description: 'Ricotta and spinach ravioli with sage butter',
    de: ['Ravioli mit Ricotta und Spinat', 'Ricotta-Spinat-Ravioli mit Salbeibutter'],
    prices: one(1490),
    allergens: ['gluten', 'eggs', 'milk'],
    tags: ['vegetarian'],
  },
  {
    name: 'Tonnarelli cacio e pepe',
    description: 'Pecorino romano and freshly cracked black pepper',
    de: ['Tonnarelli cacio e pepe', 'Pecorino Romano und frisch gemahlener schwarzer Pfeffer'],
    prices: one(1290),
    allergens: ['gluten', 'eggs', 'milk'],
    tags: ['vegetarian'],
  },
  {
    name: 'Pappardelle al cinghiale',
    description: 'Wide ribbons with wild boar ragù and red wine',
    de: ['Pappardelle mit Wildschweinragù', 'Breite Bandnudeln mit Wildschweinragù und Rotwein'],
    prices: one(1690),
    allergens: ['gluten', 'eggs', 'celery', 'sulphites'],
    tags: ['house'],
    soldOut: true,
  },
  {
    name: 'Risotto ai funghi porcini',
    description: 'Carnaroli rice with porcini mushrooms and parmesan',
    de: ['Steinpilzrisotto', 'Carnaroli-Reis mit Steinpilzen und Parmesan'],
    prices: one(1650),
    allergens: ['milk', 'celery', 'sulphites'],
    tags: ['vegetarian', 'glutenFree'],
    image: true,
  },
  {
    name: 'Spaghetti alla puttanesca',
    description: 'Tomatoes, olives, capers, anchovies and chilli',
    de: ['Spaghetti alla puttanesca', 'Tomaten, Oliven, Kapern, Sardellen und Chili'],
    prices: one(1290),
    allergens: ['gluten', 'fish'],
    tags: ['spicy'],
  },
];

const pizzas: DemoItem[] = [
  {
    name: 'Marinara',
    description: 'Tomato, garlic, oregano and olive oil',
    de: ['Marinara', 'Tomate, Knoblauch, Oregano und Olivenöl'],
    prices: pizza(790, 1090),
    allergens: ['gluten'],
    tags: ['vegan'],
  },
  {
    name: 'Margherita',
    description: 'Tomato, fior di latte and fresh basil',
    de: ['Margherita', 'Tomate, Fior di Latte und frisches Basilikum'],
    prices: pizza(950, 1290),
    allergens: ['gluten', 'milk'],
    tags: ['vegetarian'],
    image: true,
  },
  {
    name: 'Diavola',
    description: 'Tomato, mozzarella and spicy salami',
    de: ['Diavola', 'Tomate, Mozzarella und scharfe Salami'],
    prices: pizza(1190, 1550),
    allergens: ['gluten', 'milk'],
    mayContain: ['mustard'],
    tags: ['spicy'],
    image: true,
  },
  {
    name: 'Prosciutto e funghi',
    description: 'Tomato, mozzarella, cooked ham and mushrooms',
    de: ['Schinken und Pilze', 'Tomate, Mozzarella, Kochschinken und Champignons'],
    prices: pizza(1190, 1550),
    allergens: ['gluten', 'milk'],
  },
  {
    name: 'Quattro formaggi',
    description: 'Mozzarella, gorgonzola, fontina and parmesan',
    de: ['Vier Käse', 'Mozzarella, Gorgonzola, Fontina und Parmesan'],
    prices: pizza(1250, 1590),
    allergens: ['gluten', 'milk'],
    tags: ['vegetarian'],
  },
  {
    name: 'Capricciosa',
    description: 'Ham, mushrooms, artichokes and olives',
    de: ['Capricciosa', 'Schinken, Champignons, Artischocken und Oliven'],
    prices: pizza(1250, 1590),
    allergens: ['gluten', 'milk'],
  },
  {
    name: 'Tonno e cipolla',
    description: 'Tomato, mozzarella, tuna and red onion',
    de: ['Thunfisch und Zwiebel', 'Tomate, Mozzarella, Thunfisch und rote Zwiebeln'],
    prices: pizza(1190, 1550),
    allergens: ['gluten', 'milk', 'fish'],
  },
  {
    name: 'Frutti di mare',
    description: 'Tomato, garlic, mussels, prawns and squid',
    de: ['Meeresfrüchte', 'Tomate, Knoblauch, Miesmuscheln, Garnelen und Tintenfisch'],
    prices: pizza(1390, 1790),
    allergens: ['gluten', 'molluscs', 'crustaceans'],
    image: true,
  },
  {
    name: 'Napoli',
    description: 'Tomato, mozzarella, anchovies, capers and oregano',
    de: ['Napoli', 'Tomate, Mozzarella, Sardellen, Kapern und Oregano'],
    prices: pizza(1150, 1490),
    allergens: ['gluten', 'milk', 'fish'],
  },
  {
    name: 'Vegetariana',
    description: 'Grilled aubergine, courgette, peppers and mozzarella',
    de: ['Vegetariana', 'Gegrillte Aubergine, Zucchini, Paprika und Mozzarella'],
    prices: pizza(1190, 1550),
    allergens: ['gluten', 'milk'],
    tags: ['vegetarian'],
  },
  {
    name: 'Parma',
    description: 'Prosciutto di Parma, rocket and shaved parmesan',
    de: ['Parma', 'Parmaschinken, Rucola und gehobelter Parmesan'],
    prices: pizza(1390, 1790),
    allergens: ['gluten', 'milk'],
    image: true,
  },
  {
    name: 'Vegana',
    description: 'Tomato, grilled vegetables and cashew cheese',
    de: ['Vegana', 'Tomate, gegrilltes Gemüse und Cashew-Käse'],
    prices: pizza(1250, 1590),
    allergens: ['gluten', 'nuts'],
    tags: ['vegan', 'new'],
  },
  {
    name: 'Calzone',
    description: 'Folded pizza with ham, ricotta, mozzarella and tomato',
    de: ['Calzone', 'Gefüllte Pizza mit Schinken, Ricotta, Mozzarella und Tomate'],
    prices: one(1390),
    allergens: ['gluten', 'milk'],
  },
  {
    name: 'Pizza Trattoria',
    description: "Burrata, spicy 'nduja, cherry tomatoes and a drizzle of honey",
    de: ['Pizza Trattoria', "Burrata, scharfe 'Nduja, Kirschtomaten und etwas Honig"],
    prices: pizza(1490, 1890),
    allergens: ['gluten', 'milk'],
    tags: ['house', 'spicy'],
    image: true,
  },
];

const mains: DemoItem[] = [
  {
    name: 'Saltimbocca alla romana',
    description: 'Veal escalopes with prosciutto and sage in white wine butter',
    de: ['Saltimbocca alla romana', 'Kalbsschnitzel mit Prosciutto und Salbei in Weißweinbutter'],
    prices: one(2390),
    allergens: ['gluten', 'milk', 'sulphites'],
    tags: ['house'],
    image: true,
  },
  {
    name: 'Ossobuco alla milanese',
    description: 'Braised veal shank with gremolata and saffron risotto',
    de: ['Ossobuco alla milanese', 'Geschmorte Kalbshaxe mit Gremolata und Safranrisotto'],
    prices: one(2690),
    allergens: ['gluten', 'milk', 'celery', 'sulphites'],
    soldOut: true,
  },
  {
    name: 'Pollo alla cacciatora',
    description: 'Chicken braised with tomatoes, olives, rosemary and wine',
    de: ['Huhn nach Jägerart', 'Hähnchen geschmort mit Tomaten, Oliven, Rosmarin und Wein'],
    prices: one(1890),
    allergens: ['celery', 'sulphites'],
    tags: ['glutenFree'],
  },
  {
    name: 'Tagliata di manzo',
    description: 'Sliced grilled sirloin, rocket, parmesan and balsamic',
    de: ['Tagliata vom Rind', 'Aufgeschnittene gegrillte Rinderlende, Rucola, Parmesan und Balsamico'],
    prices: sizes(['200 g', 2690], ['300 g', 3490]),
    allergens: ['milk', 'sulphites'],
    tags: ['glutenFree'],
    image: true,
  },
  {
    name: 'Branzino al forno',
    description: 'Oven-roasted sea bass with lemon, capers and potatoes',
    de: ['Wolfsbarsch aus dem Ofen', 'Im Ofen gebratener Wolfsbarsch mit Zitrone, Kapern und Kartoffeln'],
    prices: one(2490),
    allergens: ['fish'],
    tags: ['glutenFree'],
    image: true,
  },
  {
    name: 'Salmone alla griglia',
    description: 'Grilled salmon fillet with seasonal vegetables and lemon butter',
    de: ['Gegrillter Lachs', 'Gegrilltes Lachsfilet mit Saisongemüse und Zitronenbutter'],
    prices: one(2290),
    allergens: ['fish', 'milk'],
    tags: ['glutenFree'],
  },
  {
    name: 'Scaloppine al limone',
    description: 'Pan-fried veal escalopes in a lemon sauce',
    de: ['Kalbsschnitzel in Zitronensauce', 'In der Pfanne gebratene Kalbsschnitzel in Zitronensauce'],
    prices: one(2190),
    allergens: ['gluten', 'milk'],
  },
  {
    name: 'Polpette al sugo',
    description: "Grandma's meatballs in tomato sauce with bread",
    de: ['Fleischbällchen in Tomatensauce', 'Fleischbällchen nach Art der Nonna in Tomatensauce mit Brot'],
    prices: one(1690),
    allergens: ['gluten', 'eggs', 'milk', 'celery'],
  },
  {
    name: 'Fritto misto di mare',
    description: 'Fried calamari, prawns and small fish with lemon',
    de: ['Frittierte Meeresfrüchte', 'Frittierte Calamari, Garnelen und kleine Fische mit Zitrone'],
    prices: one(2390),
    allergens: ['fish', 'crustaceans', 'molluscs', 'gluten'],
  },
  {
    name: 'Caponata con polenta',
    description: 'Sicilian sweet-and-sour aubergine stew with grilled polenta',
    de: ['Caponata mit Polenta', 'Sizilianisches süß-saures Auberginengemüse mit gegrillter Polenta'],
    prices: one(1590),
    allergens: ['celery', 'sulphites'],
    tags: ['vegan', 'glutenFree', 'new'],
  },
];

const desserts: DemoItem[] = [
  {
    name: 'Tiramisù',
    description: 'Savoiardi, espresso, mascarpone cream and cocoa',
    de: ['Tiramisù', 'Löffelbiskuits, Espresso, Mascarponecreme und Kakao'],
    prices: one(790),
    allergens: ['eggs', 'milk', 'gluten'],
    tags: ['house'],
    image: true,
  },
  {
    name: 'Panna cotta ai frutti di bosco',
    description: 'Vanilla cream pudding with forest berries',
    de: ['Panna cotta mit Waldbeeren', 'Vanille-Sahnepudding mit Waldbeeren'],
    prices: one(690),
    allergens: ['milk'],
    tags: ['glutenFree'],
    image: true,
  },
  {
    name: 'Cannoli siciliani',
    description: 'Crisp pastry tubes with sweet ricotta and pistachios',
    de: ['Cannoli siciliani', 'Knusprige Teigröllchen mit süßer Ricotta und Pistazien'],
    prices: one(750),
    allergens: ['gluten', 'milk', 'eggs', 'nuts'],
    soldOut: true,
  },
  {
    name: 'Affogato al caffè',
    description: 'Vanilla gelato drowned in hot espresso',
    de: ['Affogato al caffè', 'Vanilleeis mit heißem Espresso übergossen'],
    prices: one(590),
    allergens: ['milk', 'eggs'],
    tags: ['glutenFree'],
  },
  {
    name: 'Torta della nonna',
    description: 'Shortcrust tart with lemon custard and pine nuts',
    de: ['Torta della nonna', 'Mürbeteigkuchen mit Zitronencreme und Pinienkernen'],
    prices: one(690),
    allergens: ['gluten', 'eggs', 'milk'],
    mayContain: ['nuts'],
  },
  {
    name: 'Gelato misto',
    description: 'House-made gelato, flavours of the day',
    de: ['Gemischtes Eis', 'Hausgemachtes Eis, Sorten des Tages'],
    prices: sizes(['2 scoops', 450], ['3 scoops', 590]),
    allergens: ['milk', 'eggs'],
    mayContain: ['nuts', 'peanuts', 'soybeans'],
    tags: ['vegetarian'],
  },
  {
    name: 'Sorbetto al limone',
    description: 'Amalfi lemon sorbet',
    de: ['Zitronensorbet', 'Sorbet aus Amalfi-Zitronen'],
    prices: one(490),
    mayContain: ['milk'],
    tags: ['vegan', 'glutenFree'],
  },
  {
    name: 'Semifreddo al torroncino',
    description: 'Frozen nougat parfait with almond brittle',
    de: ['Semifreddo mit Nougat', 'Halbgefrorenes Nougatparfait mit Mandelkrokant'],
    prices: one(750),
    allergens: ['eggs', 'milk', 'nuts'],
    tags: ['new'],
    image: true,
  },
];

const drinks: DemoItem[] = [
  {
    name: 'Acqua minerale',
    description: 'Still or sparkling mineral water',
    de: ['Mineralwasser', 'Still oder mit Kohlensäure'],
    prices: sizes(['0.25 l', 350], ['0.75 l', 750]),
    tags: ['vegan'],
  },
  {
    name: 'Coca-Cola',
    description: 'Classic or zero sugar',
    de: ['Coca-Cola', 'Klassisch oder ohne Zucker'],
    prices: sizes(['0.33 l', 420]),
  },
  {
    name: 'Limonata della casa',
    description: 'House lemonade with Sicilian lemons and mint',
    de: ['Hausgemachte Limonade', 'Limonade aus sizilianischen Zitronen mit Minze'],
    prices: sizes(['0.3 l', 450], ['0.5 l', 650]),
    tags: ['vegan', 'new'],
    image: true,
  },
  {
    name: 'Birra Moretti alla spina',
    description: 'Italian lager on draught',
    de: ['Birra Moretti vom Fass', 'Italienisches Lagerbier vom Fass'],
    prices: sizes(['0.3 l', 450], ['0.5 l', 620]),
    allergens: ['gluten'],
    image: true,
  },
  {
    name: 'Birra analcolica',
    description: 'Alcohol-free lager',
    de: ['Alkoholfreies Bier', 'Alkoholfreies Lagerbier'],
    prices: sizes(['0.33 l', 450]),
    allergens: ['gluten'],
  },
  {
    name: 'Aperol Spritz',
    description: 'Aperol, prosecco and a splash of soda',
    de: ['Aperol Spritz', 'Aperol, Prosecco und ein Spritzer Soda'],
    prices: sizes(['0.2 l', 850]),
    allergens: ['sulphites'],
    image: true,
  },
  {
    name: 'Prosecco DOC',
    description: 'Dry sparkling wine from Veneto',
    de: ['Prosecco DOC', 'Trockener Schaumwein aus Venetien'],
    prices: sizes(['glass 0.1 l', 650], ['bottle 0.75 l', 3900]),
    allergens: ['sulphites'],
  },
  {
    name: 'Chianti Classico DOCG',
    description: 'Sangiovese red from Tuscany, cherry and spice',
    de: ['Chianti Classico DOCG', 'Roter Sangiovese aus der Toskana, Kirsche und Gewürz'],
    prices: wine(790, 4200),
    allergens: ['sulphites'],
    image: true,
  },
  {
    name: 'Pinot Grigio delle Venezie',
    description: 'Crisp white with pear and citrus notes',
    de: ['Pinot Grigio delle Venezie', 'Frischer Weißwein mit Noten von Birne und Zitrus'],
    prices: wine(690, 3600),
    allergens: ['sulphites'],
  },
  {
    name: 'Espresso',
    description: 'Arabica blend, roasted in Trieste',
    de: ['Espresso', 'Arabica-Mischung, geröstet in Triest'],
    prices: sizes(['single', 280], ['doppio', 450]),
    tags: ['vegan'],
  },
  {
    name: 'Cappuccino',
    description: 'Espresso with steamed milk foam; oat milk on request',
    de: ['Cappuccino', 'Espresso mit Milchschaum; auf Wunsch mit Hafermilch'],
    prices: one(390),
    allergens: ['milk'],
    mayContain: ['gluten'],
  },
  {
    name: 'Limoncello',
    description: 'Ice-cold lemon liqueur from the Amalfi coast',
    de: ['Limoncello', 'Eiskalter Zitronenlikör von der Amalfiküste'],
    prices: sizes(['2 cl', 450]),
    tags: ['vegan'],
  },
];

const sections: DemoSection[] = [
  { name: 'Antipasti', description: 'Starters to share', de: ['Vorspeisen', 'Zum Teilen'], style: 'antipasti', items: antipasti },
  { name: 'Soups', description: 'Made fresh every morning', de: ['Suppen', 'Jeden Morgen frisch gekocht'], style: 'soup', items: soups },
  {
    name: 'Salads',
    description: 'With house dressing or olive oil and vinegar',
    de: ['Salate', 'Mit Hausdressing oder Olivenöl und Essig'],
    style: 'salad',
    items: salads,
  },
  {
    name: 'Pasta',
    description: 'Durum-wheat pasta and fresh egg pasta made in house; gluten-free pasta on request',
    de: ['Pasta', 'Hartweizennudeln und hausgemachte frische Eiernudeln; glutenfreie Pasta auf Anfrage'],
    style: 'pasta',
    items: pasta,
  },
  {
    name: 'Pizza',
    description: 'Wood-fired, 48-hour dough',
    de: ['Pizza', 'Aus dem Holzofen, 48 Stunden gereifter Teig'],
    style: 'pizza',
    items: pizzas,
  },
  {
    name: 'Mains',
    description: 'Meat and fish from regional suppliers',
    de: ['Hauptgerichte', 'Fleisch und Fisch von regionalen Lieferanten'],
    style: 'main',
    items: mains,
  },
  {
    name: 'Desserts',
    description: 'All desserts are made in house',
    de: ['Desserts', 'Alle Desserts sind hausgemacht'],
    style: 'dessert',
    items: desserts,
  },
  {
    name: 'Drinks',
    description: 'Soft drinks, beer, wine and coffee',
    de: ['Getränke', 'Softdrinks, Bier, Wein und Kaffee'],
    style: 'drink',
    items: drinks,
  },
];

export const DEMO_MENU = {
  name: 'À la carte',
  description: 'Our full menu, served all day at both trattorias.',
  languages: ['en', 'de'],
  sections,
};
