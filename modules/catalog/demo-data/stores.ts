import type { Category } from './products'

// Demo stores: fictional businesses at plausible addresses in real New Jersey towns, with the real
// approximate coordinates of that street. Phone numbers are in the 555-0100–0199 range reserved for fiction.
// Distances from the Edison 08817 ZIP centre (40.5171, -74.3973) are noted per store.

export type DemoStore = {
  name: string
  description: string
  /** 'street, city, NJ zip': the runner screen shows the second part as the store's area. */
  address: string
  city: string
  state: 'NJ'
  zipCode: string
  phone: string
  latitude: number
  longitude: number
  rating: number
  totalRatings: number
  /** The categories the store is strongest in. */
  categories: Category[]
  /** Products (by name) the store always has on the shelf and in stock, whatever the shelves' draw says. */
  staples?: string[]
  /** Weekly hours in New York time, in the import's form; each store keeps its own. */
  hours: string
}

export const DEMO_STORES: readonly DemoStore[] = [
  // ── Within 10 miles of Edison 08817 ──
  {
    // ≈4.7 mi
    name: 'Patel Family Grocers',
    // Open around the clock, as is Five Rivers: the browser journeys (web/e2e) order from these two for delivery now at any hour.
    hours: 'mon-sun 00:00-24:00',
    description: 'Gujarati family store with fresh valor papdi and guvar, a full wall of dals and flours, and khakhra and farsan by the case.',
    address: '1710 Oak Tree Rd, Edison, NJ 08820',
    city: 'Edison',
    state: 'NJ',
    zipCode: '08820',
    phone: '(732) 555-0142',
    latitude: 40.5748,
    longitude: -74.3505,
    rating: 4.6,
    totalRatings: 812,
    categories: ['Lentils & Pulses', 'Flours & Baking', 'Fresh Vegetables', 'Snacks & Sweets', 'Spices & Seasonings'],
  },
  {
    // ≈5.5 mi
    name: 'Shree Ganesh Bazaar',
    hours: 'mon-thu 09:30-21:00; fri-sat 09:30-22:00; sun 10:00-20:00',
    description: 'Busy Oak Tree Road market known for fresh mithai, festival supplies and a large frozen aisle.',
    address: '1452 Oak Tree Rd, Iselin, NJ 08830',
    city: 'Iselin',
    state: 'NJ',
    zipCode: '08830',
    phone: '(732) 555-0108',
    latitude: 40.5741,
    longitude: -74.3252,
    rating: 4.4,
    totalRatings: 647,
    categories: ['Snacks & Sweets', 'Frozen Items', 'Spices & Seasonings', 'Beverages & Tea'],
  },
  {
    // ≈2.5 mi
    name: 'Annapurna Foods',
    hours: 'mon-sat 08:00-20:00; sun 09:00-18:00',
    description: 'Neighbourhood grocer off Main Street with daily-delivered vegetables, fresh paneer and stone-ground atta.',
    address: '412 Main St, Metuchen, NJ 08840',
    city: 'Metuchen',
    state: 'NJ',
    zipCode: '08840',
    phone: '(732) 555-0117',
    latitude: 40.5426,
    longitude: -74.3631,
    rating: 4.7,
    totalRatings: 356,
    categories: ['Fresh Vegetables', 'Flours & Baking', 'Rice & Grains'],
  },
  {
    // ≈3.6 mi
    name: 'Desi Mandi',
    // Closed on Mondays, as many family-run stores are.
    hours: 'tue-sun 10:00-20:30',
    description: 'Wholesale-style aisles of 20 lb rice and atta bags, bulk dals and gallon oil tins at low prices.',
    address: '1235 Stelton Rd, Piscataway, NJ 08854',
    city: 'Piscataway',
    state: 'NJ',
    zipCode: '08854',
    phone: '(732) 555-0163',
    latitude: 40.5531,
    longitude: -74.446,
    rating: 4.2,
    totalRatings: 489,
    categories: ['Rice & Grains', 'Lentils & Pulses', 'Oils & Cooking Essentials', 'Flours & Baking'],
  },
  {
    // ≈4.3 mi
    name: 'Kerala Spice House',
    hours: 'mon-sat 09:00-21:00; sun 10:00-19:00',
    description: 'South Indian staples, fresh curry leaves and banana leaves, and a Sunday dosa batter run.',
    address: '1820 Park Ave, South Plainfield, NJ 07080',
    city: 'South Plainfield',
    state: 'NJ',
    zipCode: '07080',
    phone: '(908) 555-0124',
    latitude: 40.579,
    longitude: -74.4117,
    rating: 4.8,
    totalRatings: 233,
    categories: ['Spices & Seasonings', 'Rice & Grains', 'Oils & Cooking Essentials', 'Fresh Vegetables', 'Pickles & Preserves'],
  },
  {
    // ≈6.6 mi
    name: 'Gujarat Fresh Mart',
    // Shut for the afternoon on weekdays.
    hours: 'mon-fri 09:00-14:00,16:00-21:00; sat-sun 09:00-21:00',
    description: 'Gujarati produce, pickles and chhundo, fresh batters and a weekend undhiyu vegetable kit.',
    address: '96 Main St, Woodbridge, NJ 07095',
    city: 'Woodbridge',
    state: 'NJ',
    zipCode: '07095',
    phone: '(732) 555-0185',
    latitude: 40.5573,
    longitude: -74.2843,
    rating: 4.5,
    totalRatings: 298,
    categories: ['Fresh Vegetables', 'Pickles & Preserves', 'Snacks & Sweets', 'Flours & Baking'],
  },
  {
    // ≈3.5 mi
    name: 'Tulsi Fresh Market',
    hours: 'mon-sun 07:00-22:00',
    description: 'Student-friendly store near downtown with ready-to-eat pouches, frozen parathas and instant mixes.',
    address: '221 French St, New Brunswick, NJ 08901',
    city: 'New Brunswick',
    state: 'NJ',
    zipCode: '08901',
    phone: '(732) 555-0131',
    latitude: 40.4889,
    longitude: -74.4527,
    rating: 4.1,
    totalRatings: 176,
    categories: ['Ready-to-Eat Meals', 'Frozen Items', 'Snacks & Sweets', 'Beverages & Tea'],
  },
  {
    // ≈0.4 mi
    name: 'Five Rivers Punjabi Grocery',
    hours: 'mon-sun 00:00-24:00',
    description: 'Punjabi grocer with sarson and methi by the bunch, rajma and urad for dal makhani, and mustard oil.',
    address: '1860 Route 27, Edison, NJ 08817',
    city: 'Edison',
    state: 'NJ',
    zipCode: '08817',
    phone: '(732) 555-0156',
    latitude: 40.5215,
    longitude: -74.394,
    rating: 4.3,
    totalRatings: 402,
    categories: ['Lentils & Pulses', 'Fresh Vegetables', 'Oils & Cooking Essentials', 'Frozen Items', 'Snacks & Sweets'],
    // A Punjabi kitchen runs on these: basmati for pulao and jeera rice, paneer for palak and shahi paneer.
    staples: ['Basmati Rice, Aged (10 lb)', 'Paneer (14 oz)'],
  },
  {
    // ≈5.7 mi
    name: 'Kaveri Provisions',
    hours: 'mon-sat 10:00-20:00; sun 11:00-18:00',
    description: 'Tamil and Karnataka staples: ponni and idli rice, filter coffee, podis and fresh drumsticks.',
    address: '620 Route 18, East Brunswick, NJ 08816',
    city: 'East Brunswick',
    state: 'NJ',
    zipCode: '08816',
    phone: '(732) 555-0119',
    latitude: 40.4346,
    longitude: -74.4055,
    rating: 4.6,
    totalRatings: 264,
    categories: ['Rice & Grains', 'Beverages & Tea', 'Spices & Seasonings', 'Fresh Vegetables'],
  },
  {
    // ≈4.4 mi
    name: 'Chennai Corner Market',
    hours: 'mon-sun 08:30-21:30',
    description: 'Small friendly shop with Andhra pickles, gongura, sona masoori rice and homemade snacks on weekends.',
    address: '165 Main St, Sayreville, NJ 08872',
    city: 'Sayreville',
    state: 'NJ',
    zipCode: '08872',
    phone: '(732) 555-0177',
    latitude: 40.4597,
    longitude: -74.3605,
    rating: 3.9,
    totalRatings: 88,
    categories: ['Pickles & Preserves', 'Rice & Grains', 'Snacks & Sweets'],
  },

  // ── Between 10 and 25 miles ──
  {
    // ≈12.0 mi
    name: 'Hari Om Fresh',
    hours: 'mon-sat 09:00-20:00',
    description: 'Large Route 22 supermarket with a wide produce section, hot snacks counter and every flour you need.',
    address: '1360 Route 22, Bridgewater, NJ 08807',
    city: 'Bridgewater',
    state: 'NJ',
    zipCode: '08807',
    phone: '(908) 555-0133',
    latitude: 40.5887,
    longitude: -74.606,
    rating: 4.4,
    totalRatings: 527,
    categories: ['Fresh Vegetables', 'Flours & Baking', 'Frozen Items', 'Ready-to-Eat Meals', 'Spices & Seasonings', 'Rice & Grains'],
  },
  {
    // ≈15.6 mi
    name: 'Ganga Sagar Foods',
    hours: 'mon-fri 10:00-21:00; sat-sun 09:00-21:00',
    description: 'Village-centre store popular with young families for frozen meals, tea and snacks for kids.',
    address: '25 Plainsboro Rd, Plainsboro, NJ 08536',
    city: 'Plainsboro',
    state: 'NJ',
    zipCode: '08536',
    phone: '(609) 555-0146',
    latitude: 40.3334,
    longitude: -74.5702,
    rating: 4.2,
    totalRatings: 315,
    categories: ['Frozen Items', 'Ready-to-Eat Meals', 'Beverages & Tea', 'Snacks & Sweets'],
  },
  {
    // ≈17.8 mi
    name: 'Saffron Lane Provisions',
    hours: 'tue-sat 10:00-19:00; sun 11:00-17:00',
    description: 'Compact downtown shop with premium spices, saffron, loose-leaf teas and gift boxes of mithai.',
    address: '180 Nassau St, Princeton, NJ 08542',
    city: 'Princeton',
    state: 'NJ',
    zipCode: '08542',
    phone: '(609) 555-0172',
    latitude: 40.3505,
    longitude: -74.6562,
    rating: 4.9,
    totalRatings: 57,
    categories: ['Spices & Seasonings', 'Beverages & Tea', 'Snacks & Sweets'],
  },
  {
    // ≈23.2 mi
    name: 'Bombay Junction Grocers',
    hours: 'mon-sun 09:00-22:00',
    description: 'Crowded Newark Avenue store with Maharashtrian and Gujarati staples, fresh vegetables and late hours.',
    address: '812 Newark Ave, Jersey City, NJ 07306',
    city: 'Jersey City',
    state: 'NJ',
    zipCode: '07306',
    phone: '(201) 555-0129',
    latitude: 40.7356,
    longitude: -74.0622,
    rating: 4.0,
    totalRatings: 694,
    categories: ['Fresh Vegetables', 'Spices & Seasonings', 'Lentils & Pulses', 'Snacks & Sweets', 'Pickles & Preserves'],
  },
  {
    // ≈23.7 mi
    name: 'Deccan Pantry',
    hours: 'mon-sat 09:30-20:30; sun 10:00-18:00',
    description: 'Hyderabadi and Andhra specialities: biryani rice, gongura and avakaya pickles, and fresh curry leaves.',
    address: '1170 Route 46, Parsippany, NJ 07054',
    city: 'Parsippany',
    state: 'NJ',
    zipCode: '07054',
    phone: '(973) 555-0151',
    latitude: 40.8602,
    longitude: -74.4135,
    rating: 4.3,
    totalRatings: 371,
    categories: ['Rice & Grains', 'Pickles & Preserves', 'Spices & Seasonings', 'Lentils & Pulses'],
  },
]
