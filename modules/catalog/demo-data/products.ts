// Demo catalogue: generic (unbranded) Indian grocery products as sold in New Jersey Indian stores.
// Prices are estimated 2026 shelf prices in US cents; each store varies them (see store-shelves.ts).
// Packaged goods carry their pack size in the name, so a runner picks the right one off the shelf.

import { CATALOG_CATEGORIES, type CatalogCategory } from '../contract'

/** The categories come from the catalog's contract, the one place they are defined. */
export const CATEGORIES = CATALOG_CATEGORIES
export type Category = CatalogCategory

/** The units an item may be sold in: a weight or volume, or the container it comes in. */
export const UNITS = ['lb', 'oz', 'g', 'kg', 'L', 'ml', 'bunch', 'pack', 'each', 'jar', 'bag', 'box', 'bottle', 'pouch', 'tin'] as const

export type Unit = (typeof UNITS)[number]

export type DemoProduct = {
  name: string
  category: Category
  subcategory: string
  unit: string
  basePriceCents: number
  priceUnit: string
  description: string
}

type Row = { name: string; subcategory: string; unit: Unit; basePriceCents: number; description: string }

/** 'per lb', 'per bunch', 'per bag'…; a single piece is priced 'each'. */
const priceUnitOf = (unit: Unit) => (unit === 'each' ? 'each' : `per ${unit}`)

const inCategory = (category: Category, rows: readonly Row[]): DemoProduct[] =>
  rows.map((row) => ({ ...row, category, priceUnit: priceUnitOf(row.unit) }))

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  // ── Spices & Seasonings ──
  ...inCategory('Spices & Seasonings', [
    { name: 'Turmeric Powder (7 oz)', subcategory: 'Ground Spices', unit: 'pack', basePriceCents: 349, description: 'Ground haldi for dals, sabzis and curries; a pinch gives colour and an earthy base.' },
    { name: 'Red Chili Powder (7 oz)', subcategory: 'Ground Spices', unit: 'pack', basePriceCents: 399, description: 'Hot ground red chili for everyday curries, marinades and chutneys.' },
    { name: 'Kashmiri Chili Powder (7 oz)', subcategory: 'Ground Spices', unit: 'pack', basePriceCents: 499, description: 'Mild, deep-red chili powder used for colour in tandoori dishes and gravies.' },
    { name: 'Coriander Powder (7 oz)', subcategory: 'Ground Spices', unit: 'pack', basePriceCents: 349, description: 'Ground dhania seed that thickens and rounds out curries and dals.' },
    { name: 'Cumin Powder (7 oz)', subcategory: 'Ground Spices', unit: 'pack', basePriceCents: 449, description: 'Ground jeera for raita, chaat, curries and spice rubs.' },
    { name: 'Cumin Seeds (7 oz)', subcategory: 'Whole Spices', unit: 'pack', basePriceCents: 449, description: 'Whole jeera for tempering dals and jeera rice in hot ghee or oil.' },
    { name: 'Black Mustard Seeds (7 oz)', subcategory: 'Whole Spices', unit: 'pack', basePriceCents: 299, description: 'Small rai seeds that pop in hot oil; the base of South Indian and Gujarati tadka.' },
    { name: 'Fenugreek Seeds (Methi Dana, 7 oz)', subcategory: 'Whole Spices', unit: 'pack', basePriceCents: 299, description: 'Bitter seeds used in pickles, sambar powder and idli-dosa batter.' },
    { name: 'Green Cardamom (3.5 oz)', subcategory: 'Whole Spices', unit: 'pack', basePriceCents: 999, description: 'Whole elaichi pods for chai, kheer, biryani and sweets.' },
    { name: 'Cloves (3.5 oz)', subcategory: 'Whole Spices', unit: 'pack', basePriceCents: 599, description: 'Whole laung for biryani, pulao and garam masala.' },
    { name: 'Cinnamon Sticks (Dalchini, 3.5 oz)', subcategory: 'Whole Spices', unit: 'pack', basePriceCents: 449, description: 'Cassia bark sticks for pulao, biryani and slow-cooked gravies.' },
    { name: 'Bay Leaves (Tej Patta, 1.75 oz)', subcategory: 'Whole Spices', unit: 'pack', basePriceCents: 249, description: 'Dried Indian bay leaves added whole to rice, dal makhani and curries.' },
    { name: 'Black Peppercorns (7 oz)', subcategory: 'Whole Spices', unit: 'pack', basePriceCents: 699, description: 'Whole kali mirch for rasam, pepper chicken masala and grinding fresh.' },
    { name: 'Ajwain (Carom Seeds, 7 oz)', subcategory: 'Whole Spices', unit: 'pack', basePriceCents: 349, description: 'Thyme-like seeds for parathas, pakora batter and digestive tea.' },
    { name: 'Fennel Seeds (Saunf, 7 oz)', subcategory: 'Whole Spices', unit: 'pack', basePriceCents: 399, description: 'Sweet, aniseed-flavoured seeds for curries, pickles and after-meal mukhwas.' },
    { name: 'Garam Masala (3.5 oz)', subcategory: 'Spice Blends', unit: 'pack', basePriceCents: 399, description: 'Warm whole-spice blend sprinkled into curries near the end of cooking.' },
    { name: 'Chaat Masala (3.5 oz)', subcategory: 'Spice Blends', unit: 'pack', basePriceCents: 349, description: 'Tangy blend with black salt and amchur for chaat, fruit and salads.' },
    { name: 'Sambar Powder (7 oz)', subcategory: 'Spice Blends', unit: 'pack', basePriceCents: 449, description: 'Roasted lentil-and-chili blend for South Indian sambar.' },
    { name: 'Rasam Powder (7 oz)', subcategory: 'Spice Blends', unit: 'pack', basePriceCents: 449, description: 'Peppery cumin blend for thin tamarind-tomato rasam.' },
    { name: 'Pav Bhaji Masala (3.5 oz)', subcategory: 'Spice Blends', unit: 'pack', basePriceCents: 349, description: 'Spice blend for the mashed vegetable bhaji served with buttered pav.' },
    { name: 'Chana Masala Spice Mix (3.5 oz)', subcategory: 'Spice Blends', unit: 'pack', basePriceCents: 349, description: 'Tangy blend for Punjabi-style chickpea curry.' },
    { name: 'Asafoetida (Hing, 1.75 oz)', subcategory: 'Seasonings', unit: 'box', basePriceCents: 399, description: 'Compounded hing powder; a pinch in hot oil flavours dals and sambar.' },
    { name: 'Kasuri Methi (Dried Fenugreek Leaves, 3.5 oz)', subcategory: 'Seasonings', unit: 'pack', basePriceCents: 299, description: 'Dried methi leaves crushed over butter paneer, dal makhani and naan.' },
    { name: 'Amchur (Dry Mango Powder, 3.5 oz)', subcategory: 'Seasonings', unit: 'pack', basePriceCents: 349, description: 'Sour green-mango powder for chaat, bhindi and stuffed parathas.' },
    { name: 'Kala Namak (Black Salt, 7 oz)', subcategory: 'Seasonings', unit: 'pack', basePriceCents: 249, description: 'Sulphurous rock salt for chaat, raita, jaljeera and fruit.' },
    { name: 'Saffron (Kesar, 1 g)', subcategory: 'Seasonings', unit: 'box', basePriceCents: 1099, description: 'Saffron threads soaked in warm milk for biryani, kheer and shrikhand.' },
  ]),

  // ── Rice & Grains ──
  ...inCategory('Rice & Grains', [
    { name: 'Basmati Rice, Aged (10 lb)', subcategory: 'Basmati', unit: 'bag', basePriceCents: 1899, description: 'Long-grain aged basmati that cooks up fluffy and separate for biryani and pulao.' },
    { name: 'Basmati Rice, Aged (20 lb)', subcategory: 'Basmati', unit: 'bag', basePriceCents: 3499, description: 'Family-size bag of aged long-grain basmati for everyday rice and biryani.' },
    { name: 'Brown Basmati Rice (10 lb)', subcategory: 'Basmati', unit: 'bag', basePriceCents: 2199, description: 'Whole-grain basmati with the bran left on; nuttier and slower to cook.' },
    { name: 'Sona Masoori Rice (20 lb)', subcategory: 'South Indian Rice', unit: 'bag', basePriceCents: 2899, description: 'Light medium-grain rice eaten daily in Andhra and Karnataka homes.' },
    { name: 'Sona Masoori Rice (10 lb)', subcategory: 'South Indian Rice', unit: 'bag', basePriceCents: 1599, description: 'Light medium-grain rice for everyday meals with sambar and rasam.' },
    { name: 'Ponni Boiled Rice (10 lb)', subcategory: 'South Indian Rice', unit: 'bag', basePriceCents: 1699, description: 'Parboiled Tamil Nadu rice that stays firm; good with kuzhambu and curd rice.' },
    { name: 'Kerala Matta Rice (10 lb)', subcategory: 'South Indian Rice', unit: 'bag', basePriceCents: 1999, description: 'Red parboiled rosematta rice with a hearty bite, a Kerala staple.' },
    { name: 'Idli Rice (10 lb)', subcategory: 'South Indian Rice', unit: 'bag', basePriceCents: 1499, description: 'Parboiled short-grain rice soaked and ground with urad dal for idli and dosa batter.' },
    { name: 'Jeerakasala Rice (5 lb)', subcategory: 'South Indian Rice', unit: 'bag', basePriceCents: 1399, description: 'Small fragrant Kerala grain used for Malabar biryani and ghee rice.' },
    { name: 'Kolam Rice (10 lb)', subcategory: 'Everyday Rice', unit: 'bag', basePriceCents: 1699, description: 'Soft short-grain Maharashtrian rice for dal-chawal and khichdi.' },
    { name: 'Poha (Thick Flattened Rice, 2 lb)', subcategory: 'Rice Products', unit: 'bag', basePriceCents: 349, description: 'Flattened rice flakes rinsed and tempered for kanda poha breakfast.' },
    { name: 'Puffed Rice (Murmura, 14 oz)', subcategory: 'Rice Products', unit: 'bag', basePriceCents: 299, description: 'Light puffed rice for bhel puri, jhal muri and chivda.' },
    { name: 'Sabudana (Tapioca Pearls, 2 lb)', subcategory: 'Grains', unit: 'bag', basePriceCents: 399, description: 'Tapioca pearls for sabudana khichdi and vada on fasting days.' },
    { name: 'Daliya (Broken Wheat, 2 lb)', subcategory: 'Grains', unit: 'bag', basePriceCents: 349, description: 'Cracked wheat cooked as savoury upma-style daliya or sweet porridge.' },
    { name: 'Bajra (Pearl Millet, 2 lb)', subcategory: 'Millets', unit: 'bag', basePriceCents: 399, description: 'Whole pearl millet for khichdi or grinding into rotla flour.' },
    { name: 'Foxtail Millet (2 lb)', subcategory: 'Millets', unit: 'bag', basePriceCents: 549, description: 'Small quick-cooking millet used in place of rice for upma, pongal and khichdi.' },
  ]),

  // ── Lentils & Pulses ──
  ...inCategory('Lentils & Pulses', [
    { name: 'Toor Dal (4 lb)', subcategory: 'Split Dals', unit: 'bag', basePriceCents: 899, description: 'Split pigeon peas, the everyday dal for sambar, varan and Gujarati dal.' },
    { name: 'Oily Toor Dal (4 lb)', subcategory: 'Split Dals', unit: 'bag', basePriceCents: 999, description: 'Toor dal coated in castor oil for storage; rinse well before cooking.' },
    { name: 'Moong Dal (Split Yellow, 4 lb)', subcategory: 'Split Dals', unit: 'bag', basePriceCents: 799, description: 'Skinless split mung beans that cook quickly for khichdi, dal fry and halwa.' },
    { name: 'Masoor Dal (Red Lentils, 4 lb)', subcategory: 'Split Dals', unit: 'bag', basePriceCents: 649, description: 'Orange split lentils that turn soft in 15 minutes; no soaking needed.' },
    { name: 'Chana Dal (4 lb)', subcategory: 'Split Dals', unit: 'bag', basePriceCents: 699, description: 'Split desi chickpeas for dal, tadka and South Indian tempering.' },
    { name: 'Urad Dal (Split, Skinless, 4 lb)', subcategory: 'Split Dals', unit: 'bag', basePriceCents: 899, description: 'White urad for idli-dosa batter, medu vada and tempering.' },
    { name: 'Moong Whole (Green Gram, 4 lb)', subcategory: 'Whole Pulses', unit: 'bag', basePriceCents: 749, description: 'Whole green mung for sprouts, usal and pesarattu.' },
    { name: 'Masoor Whole (Brown Lentils, 4 lb)', subcategory: 'Whole Pulses', unit: 'bag', basePriceCents: 649, description: 'Whole brown lentils for hearty sabut masoor dal.' },
    { name: 'Urad Whole (Black Gram, 4 lb)', subcategory: 'Whole Pulses', unit: 'bag', basePriceCents: 849, description: 'Whole black urad, slow-cooked with rajma for dal makhani.' },
    { name: 'Kabuli Chana (White Chickpeas, 4 lb)', subcategory: 'Whole Pulses', unit: 'bag', basePriceCents: 749, description: 'Large white chickpeas soaked overnight for chole and chana masala.' },
    { name: 'Kala Chana (Black Chickpeas, 4 lb)', subcategory: 'Whole Pulses', unit: 'bag', basePriceCents: 649, description: 'Small brown chickpeas for sundal, kala chana curry and navratri prasad.' },
    { name: 'Rajma (Red Kidney Beans, 4 lb)', subcategory: 'Beans', unit: 'bag', basePriceCents: 799, description: 'Dark red kidney beans for Punjabi rajma-chawal.' },
    { name: 'Lobia (Black-Eyed Peas, 4 lb)', subcategory: 'Beans', unit: 'bag', basePriceCents: 649, description: 'Creamy black-eyed peas for lobia masala and Goan curries.' },
    { name: 'Moth Beans (Matki, 2 lb)', subcategory: 'Beans', unit: 'bag', basePriceCents: 399, description: 'Small brown beans sprouted for Maharashtrian misal and usal.' },
    { name: 'Horse Gram (Kulthi, 2 lb)', subcategory: 'Beans', unit: 'bag', basePriceCents: 449, description: 'Earthy flat beans used in Karnataka saaru and Andhra ulavacharu.' },
    { name: 'Dried Green Peas (Vatana, 4 lb)', subcategory: 'Beans', unit: 'bag', basePriceCents: 549, description: 'Dried green peas soaked for ragda pattice and usal.' },
    { name: 'Panchmel Dal (Five-Lentil Mix, 2 lb)', subcategory: 'Dal Mixes', unit: 'bag', basePriceCents: 549, description: 'Mix of five split lentils cooked together for Rajasthani panchmel dal.' },
  ]),

  // ── Fresh Vegetables ──
  ...inCategory('Fresh Vegetables', [
    { name: 'Okra (Bhindi)', subcategory: 'Vegetables', unit: 'lb', basePriceCents: 399, description: 'Tender green okra for bhindi masala and crispy fried bhindi.' },
    { name: 'Indian Eggplant (Baby Brinjal)', subcategory: 'Vegetables', unit: 'lb', basePriceCents: 349, description: 'Small round purple eggplants for stuffed bharwan baingan and gutti vankaya.' },
    { name: 'Bitter Gourd (Karela)', subcategory: 'Gourds', unit: 'lb', basePriceCents: 349, description: 'Ridged bitter gourd for stuffed karela and crisp karela fry.' },
    { name: 'Bottle Gourd (Lauki / Dudhi)', subcategory: 'Gourds', unit: 'lb', basePriceCents: 249, description: 'Mild pale-green gourd for lauki chana dal, kofta and halwa.' },
    { name: 'Ridge Gourd (Turai)', subcategory: 'Gourds', unit: 'lb', basePriceCents: 349, description: 'Soft ridged gourd for simple sabzi and South Indian kootu; peel the ridges.' },
    { name: 'Tindora (Ivy Gourd)', subcategory: 'Gourds', unit: 'lb', basePriceCents: 449, description: 'Small striped gourds sliced for tindora fry and Gujarati shaak.' },
    { name: 'Drumsticks (Moringa)', subcategory: 'Vegetables', unit: 'lb', basePriceCents: 499, description: 'Long moringa pods cut into pieces for sambar and drumstick curry.' },
    { name: 'Guvar (Cluster Beans)', subcategory: 'Beans', unit: 'lb', basePriceCents: 449, description: 'Flat cluster beans for Gujarati guvar shaak and Rajasthani sabzi.' },
    { name: 'Valor Papdi (Flat Beans)', subcategory: 'Beans', unit: 'lb', basePriceCents: 449, description: 'Broad flat beans used in undhiyu and papdi shaak.' },
    { name: 'Taro Root (Arbi)', subcategory: 'Roots', unit: 'lb', basePriceCents: 299, description: 'Starchy taro boiled and pan-fried with ajwain for arbi fry.' },
    { name: 'Elephant Foot Yam (Suran)', subcategory: 'Roots', unit: 'lb', basePriceCents: 299, description: 'Dense yam for Kerala erissery, suran fry and chips.' },
    { name: 'Raw Banana (Plantain)', subcategory: 'Vegetables', unit: 'lb', basePriceCents: 199, description: 'Green cooking bananas for vazhakkai fry, kofta and chips.' },
    { name: 'Raw Green Mango', subcategory: 'Vegetables', unit: 'lb', basePriceCents: 299, description: 'Sour unripe mango for pickles, aam panna and chutney.' },
    { name: 'Indian Green Chilies', subcategory: 'Aromatics', unit: 'lb', basePriceCents: 399, description: 'Thin hot green chilies for tadka, chutneys and pickles.' },
    { name: 'Ginger', subcategory: 'Aromatics', unit: 'lb', basePriceCents: 349, description: 'Fresh ginger root for chai, ginger-garlic paste and curries.' },
    { name: 'Garlic', subcategory: 'Aromatics', unit: 'lb', basePriceCents: 399, description: 'Whole garlic bulbs for tadka, chutneys and ginger-garlic paste.' },
    { name: 'Red Onions', subcategory: 'Aromatics', unit: 'lb', basePriceCents: 149, description: 'Red onions for masala bases, kachumber and raita.' },
    { name: 'Tomatoes', subcategory: 'Vegetables', unit: 'lb', basePriceCents: 199, description: 'Ripe tomatoes for curry bases, rasam and chutney.' },
    { name: 'Potatoes', subcategory: 'Roots', unit: 'lb', basePriceCents: 99, description: 'All-purpose potatoes for aloo sabzi, samosa filling and dosa masala.' },
    { name: 'Curry Leaves', subcategory: 'Leafy Greens & Herbs', unit: 'bunch', basePriceCents: 149, description: 'Fresh kadi patta sprigs, fried in oil to start South Indian and Gujarati tadka.' },
    { name: 'Methi (Fenugreek Leaves)', subcategory: 'Leafy Greens & Herbs', unit: 'bunch', basePriceCents: 199, description: 'Slightly bitter greens for methi thepla, aloo methi and methi malai.' },
    { name: 'Cilantro (Dhania)', subcategory: 'Leafy Greens & Herbs', unit: 'bunch', basePriceCents: 99, description: 'Fresh coriander for garnish, green chutney and dhania rice.' },
    { name: 'Mint (Pudina)', subcategory: 'Leafy Greens & Herbs', unit: 'bunch', basePriceCents: 149, description: 'Fresh mint for pudina chutney, biryani layers and chaas.' },
    { name: 'Dill (Suva)', subcategory: 'Leafy Greens & Herbs', unit: 'bunch', basePriceCents: 149, description: 'Feathery dill leaves for suva dal, suva-aloo and thalipeeth.' },
    { name: 'Spinach (Palak)', subcategory: 'Leafy Greens & Herbs', unit: 'bunch', basePriceCents: 199, description: 'Fresh spinach for palak paneer, dal palak and pakoras.' },
    { name: 'Mustard Greens (Sarson)', subcategory: 'Leafy Greens & Herbs', unit: 'bunch', basePriceCents: 249, description: 'Peppery greens slow-cooked for sarson da saag.' },
  ]),

  // ── Frozen Items ──
  ...inCategory('Frozen Items', [
    { name: 'Frozen Parathas, Malabar (pack of 5)', subcategory: 'Frozen Breads', unit: 'pack', basePriceCents: 399, description: 'Flaky layered Kerala parathas; cook from frozen on a hot tawa.' },
    { name: 'Frozen Aloo Parathas (pack of 4)', subcategory: 'Frozen Breads', unit: 'pack', basePriceCents: 449, description: 'Potato-stuffed wheat parathas, ready in minutes on a tawa.' },
    { name: 'Frozen Lachha Parathas (pack of 5)', subcategory: 'Frozen Breads', unit: 'pack', basePriceCents: 399, description: 'Crisp multi-layered wheat parathas to serve with curries.' },
    { name: 'Frozen Whole Wheat Rotis (pack of 10)', subcategory: 'Frozen Breads', unit: 'pack', basePriceCents: 399, description: 'Thin ready-made chapatis; warm each on a tawa for 30 seconds a side.' },
    { name: 'Frozen Garlic Naan (pack of 4)', subcategory: 'Frozen Breads', unit: 'pack', basePriceCents: 499, description: 'Soft tandoor-style naan with garlic and cilantro; heat in the oven or on a pan.' },
    { name: 'Frozen Punjabi Samosas (pack of 10)', subcategory: 'Frozen Snacks', unit: 'pack', basePriceCents: 599, description: 'Potato-pea samosas to deep-fry or air-fry straight from the freezer.' },
    { name: 'Frozen Hara Bhara Kebab (pack of 12)', subcategory: 'Frozen Snacks', unit: 'pack', basePriceCents: 599, description: 'Spinach-pea-potato patties; shallow-fry for a quick starter.' },
    { name: 'Frozen Medu Vada (pack of 10)', subcategory: 'Frozen Snacks', unit: 'pack', basePriceCents: 499, description: 'Urad dal vadas to reheat in the oven and serve with sambar and chutney.' },
    { name: 'Frozen Grated Coconut (14 oz)', subcategory: 'Frozen Vegetables', unit: 'pack', basePriceCents: 249, description: 'Fresh-grated coconut for chutney, avial and thoran, without cracking a coconut.' },
    { name: 'Frozen Methi Leaves (12 oz)', subcategory: 'Frozen Vegetables', unit: 'pack', basePriceCents: 249, description: 'Cleaned chopped fenugreek leaves for thepla and aloo methi out of season.' },
    { name: 'Frozen Cut Okra (12 oz)', subcategory: 'Frozen Vegetables', unit: 'pack', basePriceCents: 249, description: 'Pre-cut bhindi for quick sabzi; cook from frozen in a hot pan.' },
    { name: 'Frozen Green Peas (2 lb)', subcategory: 'Frozen Vegetables', unit: 'bag', basePriceCents: 349, description: 'Sweet green peas for matar paneer, pulao and samosa filling.' },
    { name: 'Frozen Banana Leaves (1 lb)', subcategory: 'Frozen Vegetables', unit: 'pack', basePriceCents: 349, description: 'Banana leaf sheets for serving sadya and steaming fish or patrode.' },
    { name: 'Paneer (14 oz)', subcategory: 'Paneer & Dairy', unit: 'pack', basePriceCents: 649, description: 'Firm fresh cottage cheese block for palak paneer, tikka and bhurji; keep chilled.' },
    { name: 'Malai Kulfi (pack of 6)', subcategory: 'Frozen Desserts', unit: 'box', basePriceCents: 599, description: 'Dense creamy kulfi sticks made with slow-reduced milk.' },
    { name: 'Kesar Pista Kulfi (pack of 6)', subcategory: 'Frozen Desserts', unit: 'box', basePriceCents: 649, description: 'Saffron and pistachio kulfi sticks.' },
  ]),

  // ── Snacks & Sweets ──
  ...inCategory('Snacks & Sweets', [
    { name: 'Aloo Bhujia (14 oz)', subcategory: 'Namkeen', unit: 'pack', basePriceCents: 449, description: 'Thin crunchy potato and gram-flour sev for tea time or topping chaat.' },
    { name: 'Moong Dal Namkeen (14 oz)', subcategory: 'Namkeen', unit: 'pack', basePriceCents: 449, description: 'Salted fried split moong, a light crunchy tea-time snack.' },
    { name: 'Bhujia Sev (14 oz)', subcategory: 'Namkeen', unit: 'pack', basePriceCents: 449, description: 'Spiced besan sev, eaten by the handful or sprinkled on poha and bhel.' },
    { name: 'Khatta Meetha Mix (14 oz)', subcategory: 'Namkeen', unit: 'pack', basePriceCents: 449, description: 'Sweet-and-sour mix of sev, peanuts, raisins and fried lentils.' },
    { name: 'Navratan Mix (14 oz)', subcategory: 'Namkeen', unit: 'pack', basePriceCents: 449, description: 'Spicy mixture of sev, nuts, lentils and flakes.' },
    { name: 'Bhavnagari Gathiya (14 oz)', subcategory: 'Namkeen', unit: 'pack', basePriceCents: 449, description: 'Thick soft besan gathiya with ajwain, a Gujarati breakfast with chai.' },
    { name: 'Masala Peanuts (14 oz)', subcategory: 'Namkeen', unit: 'pack', basePriceCents: 399, description: 'Peanuts coated in spiced gram-flour batter and fried crisp.' },
    { name: 'Kerala Banana Chips (14 oz)', subcategory: 'Chips & Crisps', unit: 'pack', basePriceCents: 549, description: 'Thin raw-banana chips fried in coconut oil and lightly salted.' },
    { name: 'Chakli (Murukku, 7 oz)', subcategory: 'Chips & Crisps', unit: 'pack', basePriceCents: 349, description: 'Spiral rice-and-lentil crisps, a Diwali and tea-time favourite.' },
    { name: 'Methi Khakhra (7 oz)', subcategory: 'Chips & Crisps', unit: 'pack', basePriceCents: 299, description: 'Thin roasted wheat crackers with fenugreek, a Gujarati breakfast bite.' },
    { name: 'Mathri (7 oz)', subcategory: 'Chips & Crisps', unit: 'pack', basePriceCents: 349, description: 'Flaky fried crackers with ajwain, eaten with chai or mango pickle.' },
    { name: 'Urad Papad (7 oz)', subcategory: 'Chips & Crisps', unit: 'pack', basePriceCents: 299, description: 'Sun-dried peppery lentil wafers to roast or fry as a side to dal-rice.' },
    { name: 'Pani Puri Kit', subcategory: 'Chaat', unit: 'box', basePriceCents: 599, description: 'Ready-to-fry puris with pani masala and tamarind chutney for golgappa at home.' },
    { name: 'Glucose Biscuits (800 g)', subcategory: 'Biscuits & Rusk', unit: 'pack', basePriceCents: 349, description: 'Family pack of classic milk-and-wheat biscuits for dunking in chai.' },
    { name: 'Cardamom Rusk (7 oz)', subcategory: 'Biscuits & Rusk', unit: 'pack', basePriceCents: 299, description: 'Twice-baked crisp toast with elaichi, made for dipping in chai.' },
    { name: 'Kaju Katli (14 oz)', subcategory: 'Mithai', unit: 'box', basePriceCents: 1499, description: 'Diamond-cut cashew fudge with silver vark, a festival gifting sweet.' },
    { name: 'Motichoor Ladoo (14 oz)', subcategory: 'Mithai', unit: 'box', basePriceCents: 999, description: 'Soft ladoos of tiny ghee-fried boondi for pujas and celebrations.' },
    { name: 'Besan Ladoo (14 oz)', subcategory: 'Mithai', unit: 'box', basePriceCents: 999, description: 'Roasted gram flour, ghee and sugar ladoos with cardamom.' },
    { name: 'Mysore Pak (14 oz)', subcategory: 'Mithai', unit: 'box', basePriceCents: 1099, description: 'Rich gram-flour and ghee sweet from Karnataka.' },
    { name: 'Soan Papdi (9 oz)', subcategory: 'Mithai', unit: 'box', basePriceCents: 399, description: 'Flaky cube-shaped sweet of gram flour, sugar and ghee.' },
    { name: 'Gulab Jamun (tin, 2.2 lb)', subcategory: 'Canned Sweets', unit: 'tin', basePriceCents: 599, description: 'Soft milk dumplings in rose-cardamom syrup; serve warm.' },
    { name: 'Rasgulla (tin, 2.2 lb)', subcategory: 'Canned Sweets', unit: 'tin', basePriceCents: 599, description: 'Spongy chhena balls in light sugar syrup; serve chilled.' },
  ]),

  // ── Oils & Cooking Essentials ──
  ...inCategory('Oils & Cooking Essentials', [
    { name: 'Mustard Oil (1 L)', subcategory: 'Oils', unit: 'bottle', basePriceCents: 599, description: 'Pungent cold-pressed kachi ghani oil for pickles and Bengali and Punjabi cooking.' },
    { name: 'Coconut Oil (1 L)', subcategory: 'Oils', unit: 'bottle', basePriceCents: 899, description: 'Pure coconut oil for Kerala cooking, tempering and frying banana chips.' },
    { name: 'Sesame Oil (Gingelly, 1 L)', subcategory: 'Oils', unit: 'bottle', basePriceCents: 899, description: 'Cold-pressed nallennai for Tamil and Andhra cooking and with idli podi.' },
    { name: 'Groundnut Oil (1 gal)', subcategory: 'Oils', unit: 'bottle', basePriceCents: 1899, description: 'Peanut oil for Gujarati and South Indian everyday cooking and deep-frying.' },
    { name: 'Ghee (32 oz)', subcategory: 'Ghee', unit: 'jar', basePriceCents: 1999, description: 'Pure clarified butter for tadka, rotis, sweets and rice.' },
    { name: 'Ghee (16 oz)', subcategory: 'Ghee', unit: 'jar', basePriceCents: 1099, description: 'Pure clarified butter in a smaller jar for tadka, rotis and sweets.' },
    { name: 'Ginger Garlic Paste (10 oz)', subcategory: 'Pastes', unit: 'jar', basePriceCents: 299, description: 'Ready-ground ginger and garlic to start curries and marinades.' },
    { name: 'Tamarind Block (14 oz)', subcategory: 'Souring Agents', unit: 'pack', basePriceCents: 249, description: 'Seedless compressed tamarind; soak in hot water for sambar, rasam and chutney.' },
    { name: 'Tamarind Concentrate (14 oz)', subcategory: 'Souring Agents', unit: 'jar', basePriceCents: 349, description: 'Ready-to-use tamarind paste for sambar, pulihora and chaat chutney.' },
    { name: 'Jaggery (Gur, 2 lb)', subcategory: 'Sweeteners', unit: 'pack', basePriceCents: 499, description: 'Unrefined cane sugar blocks for chikki, payasam and Gujarati dal.' },
    { name: 'Coconut Milk (13.5 oz)', subcategory: 'Canned Essentials', unit: 'tin', basePriceCents: 249, description: 'Thick coconut milk for Kerala stew, curries and payasam.' },
    { name: 'Rose Water (8.5 oz)', subcategory: 'Flavourings', unit: 'bottle', basePriceCents: 249, description: 'Distilled rose water for biryani, sherbets and sweets.' },
    { name: 'Rock Salt (Sendha Namak, 2 lb)', subcategory: 'Salt', unit: 'pack', basePriceCents: 299, description: 'Pink rock salt used on vrat (fasting) days in place of table salt.' },
  ]),

  // ── Flours & Baking ──
  ...inCategory('Flours & Baking', [
    { name: 'Atta (Whole Wheat Flour, 20 lb)', subcategory: 'Wheat Flours', unit: 'bag', basePriceCents: 1799, description: 'Stone-ground chakki atta for soft rotis, parathas and puris.' },
    { name: 'Atta (Whole Wheat Flour, 10 lb)', subcategory: 'Wheat Flours', unit: 'bag', basePriceCents: 1099, description: 'Stone-ground chakki atta in a smaller bag for everyday rotis.' },
    { name: 'Multigrain Atta (10 lb)', subcategory: 'Wheat Flours', unit: 'bag', basePriceCents: 1399, description: 'Wheat flour blended with soy, oats, millets and chana for rotis.' },
    { name: 'Maida (All-Purpose Flour, 4 lb)', subcategory: 'Wheat Flours', unit: 'bag', basePriceCents: 399, description: 'Refined flour for naan, bhatura, samosa pastry and baking.' },
    { name: 'Sooji (Fine Semolina, 4 lb)', subcategory: 'Semolina & Rava', unit: 'bag', basePriceCents: 549, description: 'Fine rava for upma, sheera, rava dosa and halwa.' },
    { name: 'Idli Rava (4 lb)', subcategory: 'Semolina & Rava', unit: 'bag', basePriceCents: 549, description: 'Coarse rice rava mixed with ground urad for quick idli batter.' },
    { name: 'Besan (Gram Flour, 4 lb)', subcategory: 'Lentil & Millet Flours', unit: 'bag', basePriceCents: 749, description: 'Chickpea flour for pakoras, kadhi, dhokla, chilla and ladoos.' },
    { name: 'Rice Flour (4 lb)', subcategory: 'Lentil & Millet Flours', unit: 'bag', basePriceCents: 499, description: 'Fine rice flour for akki roti, murukku, rice rotis and crisp batters.' },
    { name: 'Urad Flour (2 lb)', subcategory: 'Lentil & Millet Flours', unit: 'bag', basePriceCents: 449, description: 'Ground urad dal for papad, instant dosa batter and kachori dough.' },
    { name: 'Ragi Flour (Finger Millet, 2 lb)', subcategory: 'Lentil & Millet Flours', unit: 'bag', basePriceCents: 449, description: 'Nutty millet flour for ragi mudde, dosa and porridge.' },
    { name: 'Bajra Flour (Pearl Millet, 4 lb)', subcategory: 'Lentil & Millet Flours', unit: 'bag', basePriceCents: 549, description: 'Pearl millet flour for bajra rotla and winter bhakri.' },
    { name: 'Jowar Flour (Sorghum, 4 lb)', subcategory: 'Lentil & Millet Flours', unit: 'bag', basePriceCents: 599, description: 'Gluten-free sorghum flour for jowar bhakri and thalipeeth.' },
    { name: 'Makki Atta (Maize Flour, 4 lb)', subcategory: 'Lentil & Millet Flours', unit: 'bag', basePriceCents: 499, description: 'Yellow maize flour for makki di roti with sarson da saag.' },
    { name: 'Kuttu Atta (Buckwheat Flour, 2 lb)', subcategory: 'Fasting Flours', unit: 'bag', basePriceCents: 599, description: 'Buckwheat flour for puris and pakoras on Navratri fasting days.' },
    { name: 'Singhara Atta (Water Chestnut Flour, 14 oz)', subcategory: 'Fasting Flours', unit: 'pack', basePriceCents: 499, description: 'Water chestnut flour for vrat rotis, halwa and pakoras.' },
    { name: 'Desiccated Coconut (14 oz)', subcategory: 'Baking', unit: 'pack', basePriceCents: 349, description: 'Dry grated coconut for ladoos, barfi, chutneys and baking.' },
    { name: 'Idli & Dosa Batter (32 oz)', subcategory: 'Fresh Batters', unit: 'pack', basePriceCents: 599, description: 'Fermented rice-and-urad batter ready for idlis, dosas and uttapam; keep chilled.' },
    { name: 'Instant Dhokla Mix (7 oz)', subcategory: 'Instant Mixes', unit: 'box', basePriceCents: 249, description: 'Just add water and steam for soft Gujarati khaman dhokla.' },
    { name: 'Gulab Jamun Mix (7 oz)', subcategory: 'Instant Mixes', unit: 'box', basePriceCents: 299, description: 'Milk-powder mix to knead, fry and soak for homemade gulab jamun.' },
    { name: 'Rava Idli Mix (17.5 oz)', subcategory: 'Instant Mixes', unit: 'box', basePriceCents: 349, description: 'Semolina mix with curd for instant idlis, no fermenting needed.' },
  ]),

  // ── Beverages & Tea ──
  ...inCategory('Beverages & Tea', [
    { name: 'Masala Chai Tea (450 g)', subcategory: 'Tea', unit: 'box', basePriceCents: 799, description: 'Strong CTC black tea blended with ginger, cardamom and spices for masala chai.' },
    { name: 'Assam CTC Tea (900 g)', subcategory: 'Tea', unit: 'box', basePriceCents: 1299, description: 'Strong granular Assam tea for boiling with milk and sugar.' },
    { name: 'Darjeeling Tea (250 g)', subcategory: 'Tea', unit: 'box', basePriceCents: 999, description: 'Light, floral leaf tea best brewed without milk.' },
    { name: 'Cardamom Tea Bags (100 ct)', subcategory: 'Tea', unit: 'box', basePriceCents: 599, description: 'Black tea bags with elaichi for a quick cup of chai.' },
    { name: 'Tulsi Green Tea (25 bags)', subcategory: 'Tea', unit: 'box', basePriceCents: 499, description: 'Green tea with holy basil, brewed without milk.' },
    { name: 'Filter Coffee Powder (Chicory Blend, 500 g)', subcategory: 'Coffee', unit: 'pack', basePriceCents: 999, description: 'Coffee-chicory blend for a South Indian decoction filter.' },
    { name: 'Instant Coffee (200 g)', subcategory: 'Coffee', unit: 'jar', basePriceCents: 999, description: 'Instant coffee granules for beaten coffee and quick milk coffee.' },
    { name: 'Malted Milk Drink Powder (500 g)', subcategory: 'Health Drinks', unit: 'jar', basePriceCents: 799, description: 'Malted wheat and barley powder stirred into warm milk.' },
    { name: 'Badam Milk Mix (7 oz)', subcategory: 'Health Drinks', unit: 'pack', basePriceCents: 449, description: 'Almond, saffron and cardamom powder to stir into hot or cold milk.' },
    { name: 'Mango Drink Concentrate (500 g)', subcategory: 'Drink Mixes & Syrups', unit: 'pouch', basePriceCents: 499, description: 'Powdered mango drink mix; stir into cold water for a quick summer drink.' },
    { name: 'Rose Sharbat Syrup (750 ml)', subcategory: 'Drink Mixes & Syrups', unit: 'bottle', basePriceCents: 549, description: 'Rose-flavoured syrup for sharbat, falooda and rose milk.' },
    { name: 'Kokum Sharbat Concentrate (750 ml)', subcategory: 'Drink Mixes & Syrups', unit: 'bottle', basePriceCents: 549, description: 'Tangy kokum syrup diluted with water for a cooling Konkan drink.' },
    { name: 'Jaljeera Powder (3.5 oz)', subcategory: 'Drink Mixes & Syrups', unit: 'pack', basePriceCents: 249, description: 'Cumin, mint and black salt mix for a tangy cold jaljeera.' },
    { name: 'Mango Lassi (16 oz)', subcategory: 'Ready Drinks', unit: 'bottle', basePriceCents: 349, description: 'Chilled yogurt drink with mango pulp; keep refrigerated.' },
    { name: 'Coconut Water (16.9 oz)', subcategory: 'Ready Drinks', unit: 'bottle', basePriceCents: 299, description: 'Unsweetened tender coconut water.' },
    { name: 'Lemon-Lime Soda (6-pack)', subcategory: 'Ready Drinks', unit: 'pack', basePriceCents: 599, description: 'Fizzy Indian-style lemon soda in cans, good with spicy food.' },
  ]),

  // ── Pickles & Preserves ──
  ...inCategory('Pickles & Preserves', [
    { name: 'Mango Pickle (1 kg)', subcategory: 'Pickles', unit: 'jar', basePriceCents: 799, description: 'North Indian cut-mango pickle in mustard oil with fennel and nigella.' },
    { name: 'Avakaya Mango Pickle (500 g)', subcategory: 'Pickles', unit: 'jar', basePriceCents: 699, description: 'Fiery Andhra mango pickle with mustard, chili and sesame oil.' },
    { name: 'Lime Pickle (500 g)', subcategory: 'Pickles', unit: 'jar', basePriceCents: 449, description: 'Tangy whole-lime pieces in spiced oil, a side for curd rice and parathas.' },
    { name: 'Mixed Vegetable Pickle (500 g)', subcategory: 'Pickles', unit: 'jar', basePriceCents: 449, description: 'Carrot, cauliflower, lime and mango pieces pickled in mustard oil.' },
    { name: 'Green Chili Pickle (300 g)', subcategory: 'Pickles', unit: 'jar', basePriceCents: 349, description: 'Hot slit green chilies in mustard and lemon.' },
    { name: 'Garlic Pickle (300 g)', subcategory: 'Pickles', unit: 'jar', basePriceCents: 399, description: 'Whole garlic cloves in spicy oil, good with rotis and khichdi.' },
    { name: 'Gongura Pickle (300 g)', subcategory: 'Pickles', unit: 'jar', basePriceCents: 549, description: 'Sour sorrel-leaf pickle from Andhra, mixed into hot rice with ghee.' },
    { name: 'Amla Pickle (300 g)', subcategory: 'Pickles', unit: 'jar', basePriceCents: 399, description: 'Indian gooseberry pieces in spiced oil.' },
    { name: 'Chhundo (Sweet Grated Mango, 500 g)', subcategory: 'Sweet Preserves', unit: 'jar', basePriceCents: 549, description: 'Gujarati sweet-spicy grated mango preserve for thepla and khakhra.' },
    { name: 'Amla Murabba (1 kg)', subcategory: 'Sweet Preserves', unit: 'jar', basePriceCents: 699, description: 'Whole gooseberries preserved in sugar syrup.' },
    { name: 'Sweet Mango Chutney (12 oz)', subcategory: 'Chutneys', unit: 'jar', basePriceCents: 449, description: 'Sweet, mildly spiced mango chutney for papad, samosas and sandwiches.' },
    { name: 'Tamarind Date Chutney (10 oz)', subcategory: 'Chutneys', unit: 'bottle', basePriceCents: 349, description: 'Sweet-sour imli chutney for chaat, samosas and pakoras.' },
    { name: 'Mint Coriander Chutney (10 oz)', subcategory: 'Chutneys', unit: 'bottle', basePriceCents: 349, description: 'Spicy green chutney for chaat, sandwiches and tikka.' },
    { name: 'Kesar Mango Pulp (30 oz)', subcategory: 'Fruit Pulp', unit: 'tin', basePriceCents: 449, description: 'Sweetened Kesar mango pulp for aamras, lassi and mango desserts.' },
    { name: 'Alphonso Mango Pulp (30 oz)', subcategory: 'Fruit Pulp', unit: 'tin', basePriceCents: 549, description: 'Sweetened Alphonso (Hapus) mango pulp for aamras, shrikhand and milkshakes.' },
  ]),

  // ── Ready-to-Eat Meals ──
  ...inCategory('Ready-to-Eat Meals', [
    { name: 'Palak Paneer (Ready-to-Eat, 10 oz)', subcategory: 'Curries', unit: 'pouch', basePriceCents: 349, description: 'Paneer cubes in spiced spinach gravy; heat the pouch in boiling water or the microwave.' },
    { name: 'Paneer Makhani (Ready-to-Eat, 10 oz)', subcategory: 'Curries', unit: 'pouch', basePriceCents: 399, description: 'Paneer in a buttery tomato-cream gravy; heat and serve with naan.' },
    { name: 'Dal Makhani (Ready-to-Eat, 10 oz)', subcategory: 'Dals', unit: 'pouch', basePriceCents: 349, description: 'Slow-cooked black urad and rajma in butter and cream; heat and eat.' },
    { name: 'Dal Tadka (Ready-to-Eat, 10 oz)', subcategory: 'Dals', unit: 'pouch', basePriceCents: 299, description: 'Yellow lentils tempered with cumin and garlic; heat and serve with rice.' },
    { name: 'Chana Masala (Ready-to-Eat, 10 oz)', subcategory: 'Curries', unit: 'pouch', basePriceCents: 349, description: 'Chickpeas in a tangy onion-tomato gravy; heat and serve.' },
    { name: 'Rajma Masala (Ready-to-Eat, 10 oz)', subcategory: 'Curries', unit: 'pouch', basePriceCents: 349, description: 'Kidney beans in a thick Punjabi gravy; heat and serve with rice.' },
    { name: 'Navratan Korma (Ready-to-Eat, 10 oz)', subcategory: 'Curries', unit: 'pouch', basePriceCents: 399, description: 'Mixed vegetables in a mild cashew-cream sauce; heat and serve.' },
    { name: 'Aloo Mutter (Ready-to-Eat, 10 oz)', subcategory: 'Curries', unit: 'pouch', basePriceCents: 349, description: 'Potatoes and peas in tomato gravy; heat and serve with rotis.' },
    { name: 'Kadhi Pakora (Ready-to-Eat, 10 oz)', subcategory: 'Curries', unit: 'pouch', basePriceCents: 349, description: 'Gram-flour fritters in a tangy yogurt kadhi; heat and serve with rice.' },
    { name: 'Pav Bhaji (Ready-to-Eat, 10 oz)', subcategory: 'Curries', unit: 'pouch', basePriceCents: 349, description: 'Mashed spiced vegetable bhaji; heat, add butter and serve with toasted pav.' },
    { name: 'Sambar (Ready-to-Eat, 10 oz)', subcategory: 'South Indian', unit: 'pouch', basePriceCents: 299, description: 'Toor dal and vegetable sambar ready for idli, dosa or rice.' },
    { name: 'Bisi Bele Bath (Ready-to-Eat, 10 oz)', subcategory: 'South Indian', unit: 'pouch', basePriceCents: 349, description: 'Karnataka spiced rice-lentil-vegetable dish; heat and eat as a meal.' },
    { name: 'Vegetable Biryani (Ready-to-Eat, 10 oz)', subcategory: 'Rice Meals', unit: 'pouch', basePriceCents: 399, description: 'Basmati rice layered with spiced vegetables; microwave and serve with raita.' },
    { name: 'Instant Masala Noodles (4-pack)', subcategory: 'Instant Meals', unit: 'pack', basePriceCents: 349, description: 'Two-minute noodles with a masala tastemaker, a quick snack meal.' },
    { name: 'Instant Poha Cup (2.8 oz)', subcategory: 'Instant Meals', unit: 'each', basePriceCents: 199, description: 'Add hot water to the cup and wait three minutes for kanda poha.' },
  ]),
]
