// Fiji reference lists loaded into an empty database. Only real places and produce sold in Fiji's
// markets; staff edit them afterwards in the back office.

/** Towns, cities and district stations farmers sell from or deliver to. */
export const LOCATIONS: readonly string[] = [
  'Suva', 'Nadi', 'Lautoka', 'Labasa', 'Nausori', 'Ba', 'Sigatoka', 'Savusavu', 'Rakiraki', 'Tavua',
  'Levuka', 'Navua', 'Nasinu', 'Lami', 'Korovou', 'Taveuni',
  'Vatukoula', 'Seaqaqa', 'Dreketi', 'Nabouwalu', 'Keiyasi', 'Deuba', 'Pacific Harbour', 'Vunidawa',
  'Lomaloma (Lau)', 'Vunisea (Kadavu)',
]

export const PRODUCE_CATEGORIES: readonly string[] = [
  'Root Crops', 'Vegetables', 'Fruit', 'Kava', 'Spices', 'Grains & Pulses', 'Livestock & Dairy',
  'Fish & Seafood', 'Other',
]

const byCategory: Readonly<Record<string, readonly string[]>> = {
  'Root Crops': ['Dalo (Taro)', 'Cassava (Tavioka)', 'Kumala (Sweet Potato)', 'Yams (Uvi)'],
  Vegetables: [
    'Bele', 'Rourou (Taro Leaves)', 'Eggplant', 'Tomatoes', 'Cabbage', 'Bok Choy', 'Long Beans',
    'Okra (Bhindi)', 'Pumpkin', 'Cucumber', 'Capsicum', 'Chillies', 'Lettuce', 'Carrots', 'Ota (Fern)',
    'Duruka', 'Karela (Bitter Gourd)', 'Spring Onions',
  ],
  Fruit: [
    'Pawpaw (Papaya)', 'Pineapple', 'Banana', 'Vudi (Plantain)', 'Mango', 'Watermelon',
    'Breadfruit (Uto)', 'Coconut', 'Citrus', 'Jackfruit', 'Avocado', 'Soursop',
  ],
  Kava: ['Kava (Yaqona)'],
  Spices: ['Ginger', 'Turmeric', 'Vanilla'],
  'Grains & Pulses': ['Rice', 'Maize', 'Dhal (Pigeon Pea)'],
  'Livestock & Dairy': ['Eggs', 'Chicken', 'Goat', 'Milk', 'Honey'],
  'Fish & Seafood': ['Fish', 'Prawns', 'Sea Grapes (Nama)'],
  Other: ['Sugarcane', 'Cocoa'],
}

export const PRODUCE: readonly { name: string; category: string }[] = PRODUCE_CATEGORIES.flatMap((category) =>
  (byCategory[category] ?? []).map((name) => ({ name, category })),
)

/** Spec 000 §2, expert registration: exact names, in the form's order. */
export const EXPERT_FIELDS: readonly string[] = [
  'Agricultural Engineering', 'Crop Science', 'Soil Science', 'Plant Pathology', 'Entomology',
  'Agricultural Economics', 'Animal Science', 'Veterinary Medicine', 'Agricultural Extension',
  'Irrigation & Water Management', 'Post-Harvest Technology', 'Organic Farming',
  'Sustainable Agriculture', 'Farm Management', 'Agricultural Policy', 'Food Safety & Quality',
  'Agricultural Marketing', 'Climate Change Adaptation', 'Agroforestry', 'Precision Agriculture', 'Other',
]

/** Spec 001 §9 defaults. Values are text; the API parses them. */
export const DEFAULT_SETTINGS: readonly { key: string; value: string }[] = [
  { key: 'dailyRate', value: '2.5' },
  { key: 'trialPeriodDays', value: '7' },
]

/** The key of the farm-review sender hash (api/farm-reviews/sender.ts): random per database, made by the seed so
 *  no request ever writes it (a refused review must change nothing). */
export const FARM_REVIEW_SENDER_SECRET = 'farmReviewSenderSecret'
