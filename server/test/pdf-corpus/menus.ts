import type { CorpusMenu } from './render.ts';

/** The menus of the corpus: real-looking names, numbers in names, umlauts, long descriptions. */

export const trattoria: CorpusMenu = {
  title: 'Trattoria da Mario',
  tagline: 'Cucina casalinga since 1982',
  sections: [
    {
      name: 'Antipasti',
      items: [
        {
          name: 'Bruschetta al pomodoro',
          description: 'Toasted sourdough, vine tomatoes, garlic, basil',
          prices: [{ label: '', amount: 650 }],
        },
        { name: 'Vitello tonnato', description: 'Thinly sliced veal, tuna sauce, capers', prices: [{ label: '', amount: 1290 }] },
        {
          name: 'Burrata con pomodorini',
          description: 'Apulian burrata, cherry tomatoes, olive oil',
          prices: [{ label: '', amount: 1150 }],
        },
      ],
    },
    {
      name: 'Primi',
      items: [
        {
          name: 'Spaghetti alla carbonara',
          description: 'Guanciale, egg yolk, pecorino romano, black pepper',
          prices: [{ label: '', amount: 1350 }],
        },
        { name: "Penne all'arrabbiata", description: 'Spicy tomato sauce, garlic, parsley', prices: [{ label: '', amount: 1100 }] },
        { name: 'Lasagne della nonna', description: 'Slow-cooked beef ragù, béchamel, parmigiano', prices: [{ label: '', amount: 1450 }] },
        {
          name: 'Risotto ai funghi porcini',
          description: 'Carnaroli rice, porcini mushrooms, thyme',
          prices: [{ label: '', amount: 1600 }],
        },
      ],
    },
    {
      name: 'Pizze',
      items: [
        { name: 'Margherita', description: 'Tomato, fior di latte, basil', prices: [{ label: '', amount: 950 }] },
        { name: 'Quattro stagioni', description: 'Ham, artichokes, mushrooms, olives', prices: [{ label: '', amount: 1300 }] },
        { name: 'Diavola', description: 'Spicy salami, chilli oil', prices: [{ label: '', amount: 1250 }] },
        { name: 'Pizza 4 formaggi', description: 'Mozzarella, gorgonzola, fontina, parmigiano', prices: [{ label: '', amount: 1290 }] },
      ],
    },
    {
      name: 'Dolci',
      items: [
        { name: 'Tiramisù', description: 'Mascarpone, espresso, cocoa', prices: [{ label: '', amount: 750 }] },
        { name: 'Panna cotta ai frutti di bosco', description: 'Vanilla cream, berry compote', prices: [{ label: '', amount: 690 }] },
      ],
    },
  ],
};

export const diner: CorpusMenu = {
  title: "Rosie's Diner",
  tagline: 'Open daily 7am - 10pm',
  sections: [
    {
      name: 'Breakfast',
      items: [
        {
          name: 'Two Eggs Any Style',
          description: 'With hash browns, toast and your choice of bacon or sausage',
          prices: [{ label: '', amount: 1095 }],
        },
        {
          name: 'Buttermilk Pancakes',
          description: 'Three fluffy pancakes, maple syrup, whipped butter',
          prices: [{ label: '', amount: 925 }],
        },
        {
          name: 'Eggs Benedict',
          description: 'Poached eggs, Canadian bacon, hollandaise on an English muffin',
          prices: [{ label: '', amount: 1450 }],
        },
        {
          name: 'Avocado Toast',
          description: 'Multigrain toast, smashed avocado, chili flakes, lime',
          prices: [{ label: '', amount: 1175 }],
        },
      ],
    },
    {
      name: 'Burgers & Sandwiches',
      items: [
        {
          name: 'Classic Cheeseburger',
          description: 'Half-pound patty, American cheese, lettuce, tomato, pickles',
          prices: [{ label: '', amount: 1595 }],
        },
        {
          name: 'BBQ Bacon Burger',
          description: 'Cheddar, crispy bacon, onion rings, smoky BBQ sauce',
          prices: [{ label: '', amount: 1795 }],
        },
        {
          name: 'Philly Cheesesteak',
          description: 'Shaved ribeye, peppers, onions, provolone on a hoagie roll',
          prices: [{ label: '', amount: 1695 }],
        },
        {
          name: 'Club Sandwich',
          description: 'Turkey, ham, bacon, lettuce, tomato, mayo, triple-decker',
          prices: [{ label: '', amount: 1395 }],
        },
        {
          name: 'Grilled Cheese & Tomato Soup',
          description: 'Sourdough, three cheeses, cup of tomato soup',
          prices: [{ label: '', amount: 1195 }],
        },
      ],
    },
    {
      name: 'Sides',
      items: [
        { name: 'French Fries', prices: [{ label: '', amount: 495 }] },
        { name: 'Onion Rings', prices: [{ label: '', amount: 595 }] },
        { name: 'Coleslaw', prices: [{ label: '', amount: 395 }] },
        { name: 'Mac & Cheese', prices: [{ label: '', amount: 695 }] },
      ],
    },
    {
      name: 'Shakes',
      items: [
        { name: 'Vanilla Shake', prices: [{ label: '', amount: 695 }] },
        { name: 'Chocolate Shake', prices: [{ label: '', amount: 695 }] },
        { name: 'Strawberry Shake', prices: [{ label: '', amount: 725 }] },
      ],
    },
  ],
};

export const gasthaus: CorpusMenu = {
  title: 'Gasthaus Zum Hirschen',
  sections: [
    {
      name: 'Suppen',
      items: [
        {
          name: 'Frittatensuppe',
          description: 'Rindsuppe mit Palatschinkenstreifen',
          prices: [{ label: '', amount: 490 }],
          allergens: ['gluten', 'eggs', 'milk', 'celery'],
        },
        {
          name: 'Leberknödelsuppe',
          description: 'Kräftige Rindsuppe mit hausgemachtem Leberknödel',
          prices: [{ label: '', amount: 550 }],
          allergens: ['gluten', 'eggs', 'celery'],
        },
        {
          name: 'Kürbiscremesuppe',
          description: 'Mit Kernöl und gerösteten Kürbiskernen',
          prices: [{ label: '', amount: 520 }],
          allergens: ['milk'],
        },
      ],
    },
    {
      name: 'Hauptspeisen',
      items: [
        {
          name: 'Wiener Schnitzel vom Kalb',
          description: 'Mit Petersilkartoffeln und Preiselbeeren',
          prices: [{ label: '', amount: 2450 }],
          allergens: ['gluten', 'eggs', 'milk'],
        },
        {
          name: 'Tafelspitz',
          description: 'Mit Apfelkren, Schnittlauchsauce und Rösti',
          prices: [{ label: '', amount: 2290 }],
          allergens: ['eggs', 'milk', 'celery', 'mustard'],
        },
        {
          name: 'Backhendl',
          description: 'Mit Erdäpfel-Vogerlsalat',
          prices: [{ label: '', amount: 1890 }],
          allergens: ['gluten', 'eggs', 'mustard'],
        },
        {
          name: 'Käsespätzle',
          description: 'Mit Bergkäse und Röstzwiebeln',
          prices: [{ label: '', amount: 1450 }],
          allergens: ['gluten', 'eggs', 'milk'],
        },
        {
          name: 'Zwiebelrostbraten',
          description: 'Mit Bratkartoffeln und Essiggurkerl',
          prices: [{ label: '', amount: 2680 }],
          allergens: ['gluten', 'mustard', 'sulphites'],
        },
      ],
    },
    {
      name: 'Desserts',
      items: [
        {
          name: 'Kaiserschmarrn',
          description: 'Mit Zwetschkenröster',
          prices: [{ label: '', amount: 1250 }],
          allergens: ['gluten', 'eggs', 'milk'],
        },
        {
          name: 'Apfelstrudel',
          description: 'Mit Vanillesauce',
          prices: [{ label: '', amount: 690 }],
          allergens: ['gluten', 'eggs', 'milk', 'nuts'],
        },
        { name: 'Salzburger Nockerl', prices: [{ label: '', amount: 1490 }], allergens: ['eggs', 'milk'] },
      ],
    },
  ],
};

export const drinks: CorpusMenu = {
  title: 'Bar Central',
  tagline: 'Drinks',
  sections: [
    {
      name: 'Draft Beer',
      items: [
        {
          name: 'Pils',
          prices: [
            { label: '0,3 l', amount: 350 },
            { label: '0,5 l', amount: 500 },
          ],
        },
        {
          name: 'Radler',
          prices: [
            { label: '0,3 l', amount: 340 },
            { label: '0,5 l', amount: 480 },
          ],
        },
        { name: 'Weißbier', prices: [{ label: '0,5 l', amount: 520 }] },
        {
          name: 'Stout',
          prices: [
            { label: '0,3 l', amount: 420 },
            { label: '0,5 l', amount: 610 },
          ],
        },
      ],
    },
    {
      name: 'Wine',
      items: [
        {
          name: 'Grüner Veltliner',
          prices: [
            { label: 'Glass', amount: 550 },
            { label: 'Bottle', amount: 2900 },
          ],
        },
        {
          name: 'Blaufränkisch',
          prices: [
            { label: 'Glass', amount: 620 },
            { label: 'Bottle', amount: 3400 },
          ],
        },
        {
          name: 'Prosecco',
          prices: [
            { label: 'Glass', amount: 590 },
            { label: 'Bottle', amount: 3200 },
          ],
        },
      ],
    },
    {
      name: 'Soft Drinks',
      items: [
        { name: 'Coca-Cola', prices: [{ label: '0,33 l', amount: 360 }] },
        {
          name: 'Homemade lemonade',
          prices: [
            { label: 'small', amount: 400 },
            { label: 'large', amount: 600 },
          ],
          printed: 'small 4 / large 6',
        },
        {
          name: 'Apple juice spritzer',
          prices: [
            { label: '0,25 l', amount: 300 },
            { label: '0,5 l', amount: 480 },
          ],
        },
        { name: 'Still water', prices: [{ label: '0,75 l', amount: 450 }] },
      ],
    },
    {
      name: 'Hot Drinks',
      items: [
        { name: 'Espresso', prices: [{ label: '', amount: 260 }] },
        { name: 'Cappuccino', prices: [{ label: '', amount: 390 }] },
        { name: 'Tea selection', prices: [{ label: '', amount: 350 }] },
        { name: 'Hot chocolate', prices: [{ label: '', amount: 420 }] },
      ],
    },
  ],
};

export const cafe: CorpusMenu = {
  title: 'Corner Café',
  sections: [
    {
      name: 'Coffee',
      items: [
        { name: 'Flat white', prices: [{ label: '', amount: 380 }] },
        { name: 'Caffè latte', description: 'Double shot, steamed milk', prices: [{ label: '', amount: 420 }] },
        { name: 'Cold brew', description: 'Steeped for 18 hours', prices: [{ label: '', amount: 450 }] },
        { name: 'Chai latte', prices: [{ label: '', amount: 440 }] },
      ],
    },
    {
      name: 'Pastries',
      items: [
        { name: 'Butter croissant', prices: [{ label: '', amount: 280 }] },
        { name: 'Pain au chocolat', prices: [{ label: '', amount: 320 }] },
        { name: 'Cinnamon roll', description: 'With cream cheese frosting', prices: [{ label: '', amount: 390 }] },
        { name: 'Banana bread', prices: [{ label: '', amount: 350 }] },
      ],
    },
    {
      name: 'Breakfast',
      items: [
        { name: 'Granola bowl', description: 'Greek yoghurt, honey, seasonal fruit', prices: [{ label: '', amount: 790 }] },
        { name: 'Shakshuka', description: 'Two eggs baked in spiced tomato sauce, sourdough', prices: [{ label: '', amount: 1190 }] },
        { name: 'Full breakfast', description: 'Eggs, bacon, beans, mushrooms, toast', prices: [{ label: '', amount: 1450 }] },
      ],
    },
  ],
};

export const swiss: CorpusMenu = {
  title: 'Restaurant Alpenblick',
  sections: [
    {
      name: 'Vorspeisen',
      items: [
        { name: 'Nüsslisalat mit Ei und Speck', prices: [{ label: '', amount: 1450 }] },
        { name: 'Bündner Gerstensuppe', prices: [{ label: '', amount: 1200 }] },
        { name: 'Hausgemachte Bündnerfleisch-Platte', prices: [{ label: '', amount: 2450 }] },
      ],
    },
    {
      name: 'Hauptgerichte',
      items: [
        { name: 'Zürcher Geschnetzeltes mit Rösti', prices: [{ label: '', amount: 3800 }] },
        { name: 'Älplermagronen mit Apfelmus', prices: [{ label: '', amount: 2650 }] },
        { name: 'Käsefondue moitié-moitié (pro Person)', prices: [{ label: '', amount: 2900 }] },
        { name: 'Raclette à discrétion', prices: [{ label: '', amount: 3450 }] },
        { name: 'Eglifilet im Bierteig', prices: [{ label: '', amount: 3250 }] },
      ],
    },
    {
      name: 'Desserts',
      items: [
        { name: 'Meringue mit Double Crème', prices: [{ label: '', amount: 1200 }] },
        { name: 'Vermicelles', prices: [{ label: '', amount: 1150 }] },
        { name: 'Coupe Dänemark', prices: [{ label: '', amount: 1300 }] },
      ],
    },
  ],
};

export const bistro: CorpusMenu = {
  title: 'Bistro Lumière',
  sections: [
    {
      name: 'Entrées',
      items: [
        { name: 'Soupe à l’oignon', description: 'Gratinée au comté', prices: [{ label: '', amount: 890 }] },
        { name: 'Escargots de Bourgogne', description: 'Six snails, garlic parsley butter', prices: [{ label: '', amount: 1350 }] },
        { name: 'Pâté de campagne', description: 'Cornichons, toasted bread', prices: [{ label: '', amount: 990 }] },
        { name: 'Salade de chèvre chaud', description: 'Warm goat cheese, walnuts, honey', prices: [{ label: '', amount: 1250 }] },
      ],
    },
    {
      name: 'Plats',
      items: [
        { name: 'Steak frites', description: 'Entrecôte 250 g, béarnaise, fries', prices: [{ label: '', amount: 2890 }] },
        { name: 'Coq au vin', description: 'Braised chicken, red wine, mushrooms, bacon', prices: [{ label: '', amount: 2290 }] },
        { name: 'Moules marinières', description: 'Mussels, white wine, shallots, cream', prices: [{ label: '', amount: 1990 }] },
        { name: 'Confit de canard', description: 'Duck leg, sarladaise potatoes', prices: [{ label: '', amount: 2450 }] },
        { name: 'Ratatouille', description: 'Provençal vegetables, herbs, olive oil', prices: [{ label: '', amount: 1690 }] },
      ],
    },
    {
      name: 'Fromages',
      items: [{ name: 'Assiette de fromages', description: 'Three French cheeses, quince', prices: [{ label: '', amount: 1290 }] }],
    },
    {
      name: 'Desserts',
      items: [
        { name: 'Crème brûlée', description: 'Bourbon vanilla', prices: [{ label: '', amount: 850 }] },
        { name: 'Tarte tatin', description: 'Caramelised apples, crème fraîche', prices: [{ label: '', amount: 920 }] },
        { name: 'Mousse au chocolat', description: 'Dark chocolate 70 %', prices: [{ label: '', amount: 790 }] },
        { name: 'Profiteroles', description: 'Choux, vanilla ice cream, hot chocolate sauce', prices: [{ label: '', amount: 950 }] },
      ],
    },
  ],
};

/** A long menu (three pages with running header and page numbers). */
export const asian: CorpusMenu = {
  title: 'Golden Lotus',
  tagline: 'Pan-Asian Kitchen',
  sections: [
    {
      name: 'Soups',
      items: [
        { name: 'Tom Yum Goong', description: 'Hot and sour prawn soup, lemongrass, galangal', prices: [{ label: '', amount: 790 }] },
        { name: 'Tom Kha Gai', description: 'Chicken, coconut milk, kaffir lime', prices: [{ label: '', amount: 750 }] },
        { name: 'Miso Soup', description: 'Tofu, wakame, spring onion', prices: [{ label: '', amount: 450 }] },
        { name: 'Wonton Soup', description: 'Pork and shrimp wontons in clear broth', prices: [{ label: '', amount: 690 }] },
        { name: 'Hot & Sour Soup', description: 'Tofu, bamboo shoots, egg, chilli vinegar', prices: [{ label: '', amount: 650 }] },
      ],
    },
    {
      name: 'Starters',
      items: [
        { name: 'Spring Rolls (4 pcs)', description: 'Vegetables, glass noodles, sweet chilli dip', prices: [{ label: '', amount: 590 }] },
        { name: 'Chicken Satay', description: 'Grilled skewers, peanut sauce', prices: [{ label: '', amount: 890 }] },
        { name: 'Gyoza', description: 'Pan-fried dumplings, soy vinegar dip', prices: [{ label: '', amount: 790 }] },
        { name: 'Edamame', description: 'Steamed soy beans, sea salt', prices: [{ label: '', amount: 490 }] },
        { name: 'Prawn Crackers', prices: [{ label: '', amount: 350 }] },
        { name: 'Crispy Duck Pancakes', description: 'Cucumber, spring onion, hoisin', prices: [{ label: '', amount: 1190 }] },
        { name: 'Salt & Pepper Squid', description: 'Chilli, garlic, spring onion', prices: [{ label: '', amount: 990 }] },
      ],
    },
    {
      name: 'Curries',
      items: [
        { name: 'Green Curry', description: 'Chicken, Thai aubergine, basil, coconut milk', prices: [{ label: '', amount: 1490 }] },
        {
          name: 'Red Curry with Duck',
          description: 'Roast duck, pineapple, lychee, cherry tomatoes',
          prices: [{ label: '', amount: 1790 }],
        },
        { name: 'Massaman Beef', description: 'Slow-cooked beef, potatoes, peanuts', prices: [{ label: '', amount: 1690 }] },
        { name: 'Panang Curry', description: 'Pork, kaffir lime leaves, thick red curry', prices: [{ label: '', amount: 1550 }] },
        { name: 'Yellow Curry', description: 'Tofu, potatoes, onions, turmeric', prices: [{ label: '', amount: 1390 }] },
        { name: 'Japanese Katsu Curry', description: 'Breaded chicken, mild curry sauce, rice', prices: [{ label: '', amount: 1490 }] },
      ],
    },
    {
      name: 'Wok',
      items: [
        { name: 'Pad Thai', description: 'Rice noodles, egg, tofu, peanuts, tamarind', prices: [{ label: '', amount: 1350 }] },
        { name: 'Pad See Ew', description: 'Wide rice noodles, Chinese broccoli, dark soy', prices: [{ label: '', amount: 1350 }] },
        { name: 'Kung Pao Chicken', description: 'Chilli, peanuts, Sichuan pepper', prices: [{ label: '', amount: 1450 }] },
        { name: 'Beef with Black Bean Sauce', description: 'Peppers, onions', prices: [{ label: '', amount: 1590 }] },
        { name: 'Sweet & Sour Pork', description: 'Pineapple, peppers, onions', prices: [{ label: '', amount: 1390 }] },
        { name: 'Singapore Noodles', description: 'Rice vermicelli, curry, prawns, char siu', prices: [{ label: '', amount: 1450 }] },
        { name: 'Nasi Goreng', description: 'Fried rice, fried egg, prawn crackers', prices: [{ label: '', amount: 1390 }] },
        { name: 'Mapo Tofu', description: 'Silken tofu, minced pork, chilli bean paste', prices: [{ label: '', amount: 1290 }] },
      ],
    },
    {
      name: 'Sushi',
      items: [
        { name: 'Salmon Nigiri (2 pcs)', prices: [{ label: '', amount: 550 }] },
        { name: 'Tuna Nigiri (2 pcs)', prices: [{ label: '', amount: 650 }] },
        { name: 'California Roll (8 pcs)', description: 'Crab, avocado, cucumber, tobiko', prices: [{ label: '', amount: 990 }] },
        { name: 'Spicy Tuna Roll (8 pcs)', prices: [{ label: '', amount: 1090 }] },
        { name: 'Dragon Roll (8 pcs)', description: 'Eel, cucumber, avocado, unagi sauce', prices: [{ label: '', amount: 1490 }] },
        { name: 'Vegetable Maki (6 pcs)', prices: [{ label: '', amount: 590 }] },
      ],
    },
    {
      name: 'Rice & Sides',
      items: [
        { name: 'Jasmine Rice', prices: [{ label: '', amount: 250 }] },
        { name: 'Egg Fried Rice', prices: [{ label: '', amount: 390 }] },
        { name: 'Coconut Rice', prices: [{ label: '', amount: 350 }] },
        { name: 'Stir-fried Pak Choi', description: 'Garlic, oyster sauce', prices: [{ label: '', amount: 590 }] },
        { name: 'Kimchi', prices: [{ label: '', amount: 390 }] },
      ],
    },
    {
      name: 'Desserts',
      items: [
        { name: 'Mango Sticky Rice', description: 'Coconut cream, sesame', prices: [{ label: '', amount: 690 }] },
        { name: 'Mochi Ice Cream (3 pcs)', description: 'Matcha, mango, black sesame', prices: [{ label: '', amount: 650 }] },
        { name: 'Banana Fritters', description: 'Honey, vanilla ice cream', prices: [{ label: '', amount: 590 }] },
      ],
    },
  ],
};

export const pub: CorpusMenu = {
  title: 'The Red Lion',
  sections: [
    {
      name: 'Snacks',
      items: [
        { name: 'Currywurst mit Pommes', prices: [{ label: '', amount: 890 }], allergens: ['gluten', 'mustard', 'celery'] },
        { name: 'Nachos with cheese', prices: [{ label: '', amount: 790 }], allergens: ['milk'] },
        { name: 'Chicken wings', prices: [{ label: '', amount: 990 }], allergens: ['gluten', 'soybeans', 'sesame'] },
        { name: 'Pretzel with obatzda', prices: [{ label: '', amount: 650 }], allergens: ['gluten', 'milk'] },
      ],
    },
    {
      name: 'Mains',
      items: [
        { name: 'Fish and chips', prices: [{ label: '', amount: 1690 }], allergens: ['gluten', 'fish', 'eggs'] },
        { name: 'Steak and ale pie', prices: [{ label: '', amount: 1590 }], allergens: ['gluten', 'celery', 'sulphites'] },
        { name: 'Bangers and mash', prices: [{ label: '', amount: 1390 }], allergens: ['gluten', 'milk', 'sulphites'] },
        { name: 'Sunday roast', prices: [{ label: '', amount: 1890 }], allergens: ['gluten', 'eggs', 'milk', 'celery'] },
        { name: 'Veggie burger', prices: [{ label: '', amount: 1390 }], allergens: ['gluten', 'soybeans', 'sesame', 'mustard'] },
      ],
    },
    {
      name: 'Puddings',
      items: [
        { name: 'Sticky toffee pudding', prices: [{ label: '', amount: 750 }], allergens: ['gluten', 'eggs', 'milk'] },
        { name: 'Eton mess', prices: [{ label: '', amount: 690 }], allergens: ['eggs', 'milk'] },
      ],
    },
  ],
};

/** Items without a printed price ("market price"): the extractor must flag them, not price them. */
export const seafood: CorpusMenu = {
  title: 'Harbour Fish House',
  sections: [
    {
      name: 'Raw Bar',
      items: [
        { name: 'Oysters (6 pcs)', description: 'Mignonette, lemon', prices: [{ label: '', amount: 1800 }] },
        { name: 'Tuna Tartare', description: 'Avocado, sesame, wonton crisps', prices: [{ label: '', amount: 1650 }] },
        { name: 'Shrimp Cocktail', description: 'Horseradish cocktail sauce', prices: [{ label: '', amount: 1550 }] },
      ],
    },
    {
      name: 'From the Sea',
      items: [
        { name: 'Catch of the Day', description: "Ask your server about today's fish", prices: [] },
        { name: 'Grilled Swordfish', description: 'Salsa verde, roasted potatoes', prices: [{ label: '', amount: 2950 }] },
        { name: 'Maine Lobster', description: 'Drawn butter, corn on the cob', prices: [] },
        { name: 'Seafood Linguine', description: 'Clams, mussels, shrimp, white wine, garlic', prices: [{ label: '', amount: 2650 }] },
        { name: 'Fish Tacos', description: 'Beer-battered cod, cabbage slaw, chipotle crema', prices: [{ label: '', amount: 1750 }] },
      ],
    },
    {
      name: 'Sides',
      items: [
        { name: 'Hand-cut Fries', prices: [{ label: '', amount: 600 }] },
        { name: 'Grilled Asparagus', prices: [{ label: '', amount: 800 }] },
      ],
    },
  ],
};

export const brunch: CorpusMenu = {
  title: 'Sunday Brunch Club',
  tagline: 'Every Sunday 10:00 - 15:00',
  sections: [
    {
      name: 'Sweet',
      items: [
        { name: 'French toast', description: 'brioche, berries, maple', prices: [{ label: '', amount: 1200 }] },
        { name: 'Açaí bowl', description: 'banana, granola, coconut', prices: [{ label: '', amount: 1100 }] },
        { name: 'Ricotta pancakes', description: 'lemon curd, blueberries', prices: [{ label: '', amount: 1300 }] },
      ],
    },
    {
      name: 'Savoury',
      items: [
        { name: 'Eggs royale', description: 'smoked salmon, hollandaise', prices: [{ label: '', amount: 1650 }] },
        { name: 'Breakfast burrito', description: 'chorizo, scrambled eggs, salsa', prices: [{ label: '', amount: 1400 }] },
        { name: 'Mushrooms on toast', description: 'garlic, thyme, sourdough', prices: [{ label: '', amount: 1150 }] },
        { name: 'Huevos rancheros', description: 'black beans, tortilla, feta', prices: [{ label: '', amount: 1350 }] },
      ],
    },
    {
      name: 'Drinks',
      items: [
        { name: 'Mimosa', description: 'prosecco, orange juice', prices: [{ label: '', amount: 900 }] },
        { name: 'Bloody Mary', description: 'vodka, tomato, celery salt', prices: [{ label: '', amount: 1000 }] },
        { name: 'Fresh orange juice', prices: [{ label: '', amount: 500 }] },
      ],
    },
  ],
};

/** A wine list printed as a table: the glass sizes head two price columns. */
export const wineList: CorpusMenu = {
  title: 'Weinkarte',
  sections: [
    {
      name: 'Weißweine',
      items: [
        {
          name: 'Grüner Veltliner Federspiel',
          prices: [
            { label: '1/8 l', amount: 480 },
            { label: '1/4 l', amount: 920 },
          ],
        },
        {
          name: 'Riesling Smaragd',
          prices: [
            { label: '1/8 l', amount: 620 },
            { label: '1/4 l', amount: 1190 },
          ],
        },
        {
          name: 'Sauvignon Blanc Südsteiermark',
          prices: [
            { label: '1/8 l', amount: 560 },
            { label: '1/4 l', amount: 1080 },
          ],
        },
        {
          name: 'Gemischter Satz',
          prices: [
            { label: '1/8 l', amount: 450 },
            { label: '1/4 l', amount: 860 },
          ],
        },
      ],
    },
    {
      name: 'Rotweine',
      items: [
        {
          name: 'Zweigelt Classic',
          prices: [
            { label: '1/8 l', amount: 470 },
            { label: '1/4 l', amount: 900 },
          ],
        },
        {
          name: 'Blaufränkisch Mittelburgenland',
          prices: [
            { label: '1/8 l', amount: 590 },
            { label: '1/4 l', amount: 1140 },
          ],
        },
        {
          name: 'St. Laurent Reserve',
          prices: [
            { label: '1/8 l', amount: 640 },
            { label: '1/4 l', amount: 1230 },
          ],
        },
      ],
    },
    {
      name: 'Schaumwein',
      items: [
        {
          name: 'Sekt Austria brut',
          prices: [
            { label: '1/8 l', amount: 690 },
            { label: '1/4 l', amount: 1290 },
          ],
        },
        {
          name: 'Frizzante Rosé',
          prices: [
            { label: '1/8 l', amount: 540 },
            { label: '1/4 l', amount: 990 },
          ],
        },
      ],
    },
  ],
};

/** Long names and descriptions that wrap over several lines. */
export const steakhouse: CorpusMenu = {
  title: 'Smokehouse 61',
  sections: [
    {
      name: 'To Start',
      items: [
        {
          name: 'Smoked Bone Marrow with Parsley and Caper Salad',
          description: 'Roasted canoe-cut marrow bones, grilled sourdough, flaky sea salt, shallot and caper salad dressed with lemon',
          prices: [{ label: '', amount: 1450 }],
        },
        {
          name: 'Beef Tartare',
          description: 'Hand-cut tenderloin, cornichons, shallots, Dijon, quail egg yolk, potato crisps',
          prices: [{ label: '', amount: 1650 }],
        },
        {
          name: 'Wedge Salad',
          description: 'Iceberg, blue cheese dressing, smoked bacon lardons, cherry tomatoes, chives',
          prices: [{ label: '', amount: 1250 }],
        },
      ],
    },
    {
      name: 'From the Grill',
      items: [
        {
          name: 'Rib-Eye 350 g',
          description:
            'Dry-aged for 28 days, served with roasted garlic butter and watercress; choose one sauce: peppercorn, béarnaise or chimichurri',
          prices: [{ label: '', amount: 3900 }],
        },
        {
          name: 'Fillet 200 g',
          description: 'Grass-fed, the most tender cut, with bone marrow gravy',
          prices: [{ label: '', amount: 4200 }],
        },
        {
          name: 'T-Bone for Two (1 kg)',
          description: 'Carved at the table, with two sides and two sauces of your choice',
          prices: [{ label: '', amount: 8900 }],
        },
        {
          name: 'Smoked Beef Short Rib',
          description: 'Twelve hours over oak, barbecue glaze, pickled red onion',
          prices: [{ label: '', amount: 3400 }],
        },
        { name: 'Half Chicken', description: 'Brined, chargrilled, lemon and thyme', prices: [{ label: '', amount: 2200 }] },
      ],
    },
    {
      name: 'Sides',
      items: [
        { name: 'Triple-cooked Chips', prices: [{ label: '', amount: 550 }] },
        { name: 'Creamed Spinach', prices: [{ label: '', amount: 600 }] },
        { name: 'Mac and Cheese with Smoked Cheddar', prices: [{ label: '', amount: 750 }] },
        { name: 'Charred Tenderstem Broccoli', description: 'Chilli, garlic, toasted almonds', prices: [{ label: '', amount: 650 }] },
      ],
    },
  ],
};

/** One font, one size: headings only in capitals, descriptions in the same style as names. */
export const tapas: CorpusMenu = {
  title: 'TAPAS BAR EL RINCON',
  sections: [
    {
      name: 'Frias',
      items: [
        { name: 'Jamon iberico de bellota', description: '36 months cured, 80 g', prices: [{ label: '', amount: 1900 }] },
        { name: 'Queso manchego', description: 'with quince jelly', prices: [{ label: '', amount: 850 }] },
        { name: 'Boquerones en vinagre', prices: [{ label: '', amount: 750 }] },
        { name: 'Pan con tomate', prices: [{ label: '', amount: 450 }] },
      ],
    },
    {
      name: 'Calientes',
      items: [
        { name: 'Patatas bravas', description: 'spicy tomato sauce, aioli', prices: [{ label: '', amount: 650 }] },
        { name: 'Gambas al ajillo', description: 'prawns in garlic and chilli oil', prices: [{ label: '', amount: 1350 }] },
        { name: 'Pimientos de Padron', prices: [{ label: '', amount: 700 }] },
        { name: 'Croquetas de jamon (6)', prices: [{ label: '', amount: 900 }] },
        { name: 'Pulpo a la gallega', description: 'octopus, paprika, potatoes', prices: [{ label: '', amount: 1650 }] },
        { name: 'Tortilla espanola', prices: [{ label: '', amount: 750 }] },
      ],
    },
    {
      name: 'Postres',
      items: [
        { name: 'Crema catalana', prices: [{ label: '', amount: 650 }] },
        { name: 'Churros con chocolate', prices: [{ label: '', amount: 700 }] },
      ],
    },
  ],
};

/** A centred tasting-room menu: name, description and price each on their own centred line. */
export const fineDining: CorpusMenu = {
  title: 'Maison Verte',
  sections: [
    {
      name: 'Starters',
      items: [
        { name: 'Heirloom Beetroot', description: 'Goat curd, hazelnut, elderflower', prices: [{ label: '', amount: 1800 }] },
        { name: 'Scallop Crudo', description: 'Kohlrabi, green apple, dill oil', prices: [{ label: '', amount: 2400 }] },
        { name: 'Chicken Liver Parfait', description: 'Madeira jelly, toasted brioche', prices: [{ label: '', amount: 1650 }] },
      ],
    },
    {
      name: 'Mains',
      items: [
        { name: 'Roasted Cod', description: 'Brown shrimp, sea vegetables, beurre blanc', prices: [{ label: '', amount: 3400 }] },
        { name: 'Lamb Rump', description: 'Smoked aubergine, salsa verde, pommes Anna', prices: [{ label: '', amount: 3800 }] },
        { name: 'Wild Mushroom Risotto', description: 'Aged parmesan, truffle', prices: [{ label: '', amount: 2800 }] },
      ],
    },
    {
      name: 'Desserts',
      items: [
        { name: 'Dark Chocolate Delice', description: 'Salted caramel, milk ice cream', prices: [{ label: '', amount: 1300 }] },
        { name: 'Lemon Tart', description: 'Crème fraîche sorbet', prices: [{ label: '', amount: 1200 }] },
      ],
    },
  ],
};
