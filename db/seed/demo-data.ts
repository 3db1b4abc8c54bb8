// Demo people and farms. Invented individuals with common iTaukei and Indo-Fijian names, placed in
// real villages and districts; every produce and city name exists in reference-data.ts.

export const DEMO_DOMAIN = 'demo.vitifarmers.org.fj'

/** Subscription situation relative to today (Pacific/Fiji); offsets are in days. */
export type DemoStatus =
  | { kind: 'active'; start: number; end: number }
  | { kind: 'expired'; start: number; end: number }
  | { kind: 'pending'; start: number; end: number }
  | { kind: 'trial'; start: number; end: number }
  | { kind: 'inactive' }

export interface DemoFarmer {
  name: string
  town: string
  tikina: string
  cities: string[]
  produce: string[]
  status: DemoStatus
  premium?: boolean
  bulk?: boolean
  delivery?: boolean
}

const active = (start: number, end: number): DemoStatus => ({ kind: 'active', start, end })
const expired = (endedDaysAgo: number, length = 90): DemoStatus => ({
  kind: 'expired',
  start: -endedDaysAgo - length,
  end: -endedDaysAgo,
})
const pending = (inDays: number): DemoStatus => ({ kind: 'pending', start: inDays, end: inDays + 90 })
const trial = (startedDaysAgo: number, length = 7): DemoStatus => ({
  kind: 'trial',
  start: -startedDaysAgo,
  end: -startedDaysAgo + length,
})
const inactive: DemoStatus = { kind: 'inactive' }

export const DEMO_FARMERS: readonly DemoFarmer[] = [
  { name: 'Josaia Tuilevu', town: 'Sabeto', tikina: 'Sabeto', cities: ['Nadi', 'Lautoka'], produce: ['Dalo (Taro)', 'Cassava (Tavioka)', 'Bele'], status: active(-40, 50), premium: true, delivery: true },
  { name: 'Sunita Devi', town: 'Namaka', tikina: 'Nadi', cities: ['Nadi'], produce: ['Eggplant', 'Tomatoes', 'Okra (Bhindi)', 'Long Beans', 'Chillies'], status: active(-20, 70), bulk: true },
  { name: 'Mere Naivalu', town: 'Koronivia', tikina: 'Rewa', cities: ['Nausori', 'Suva', 'Nasinu'], produce: ['Rourou (Taro Leaves)', 'Bele', 'Ota (Fern)'], status: active(-10, 80), delivery: true },
  { name: 'Ramesh Prasad', town: 'Drasa', tikina: 'Vuda', cities: ['Lautoka', 'Ba'], produce: ['Cabbage', 'Capsicum', 'Tomatoes'], status: active(-60, 120), premium: true, bulk: true },
  { name: 'Epeli Waqa', town: 'Sawani', tikina: 'Naitasiri', cities: ['Nausori', 'Suva'], produce: ['Kava (Yaqona)', 'Dalo (Taro)'], status: active(-5, 25) },
  { name: 'Shalini Lata', town: 'Vunimoli', tikina: 'Labasa', cities: ['Labasa'], produce: ['Rice', 'Dhal (Pigeon Pea)'], status: active(-30, 60), bulk: true },
  { name: 'Seru Vakaloloma', town: 'Olosara', tikina: 'Nadroga', cities: ['Sigatoka', 'Keiyasi'], produce: ['Tomatoes', 'Cabbage', 'Pawpaw (Papaya)', 'Watermelon'], status: active(-15, 75), bulk: true, delivery: true },
  { name: 'Vijay Chand', town: 'Rarawai', tikina: 'Ba', cities: ['Ba', 'Lautoka'], produce: ['Sugarcane', 'Maize', 'Pumpkin'], status: active(-80, 100) },
  { name: 'Litia Cava', town: 'Somosomo', tikina: 'Cakaudrove', cities: ['Taveuni'], produce: ['Kava (Yaqona)', 'Dalo (Taro)', 'Coconut'], status: active(-25, 65), premium: true },
  { name: 'Anil Kumar', town: 'Waiqele', tikina: 'Labasa', cities: ['Labasa', 'Seaqaqa'], produce: ['Sugarcane', 'Eggplant', 'Karela (Bitter Gourd)'], status: active(-45, 45) },
  { name: 'Salote Koroi', town: 'Nukubalavu', tikina: 'Savusavu', cities: ['Savusavu'], produce: ['Vanilla', 'Coconut', 'Breadfruit (Uto)'], status: active(-12, 168), premium: true },
  { name: 'Tevita Baleiwai', town: 'Vaileka', tikina: 'Rakiraki', cities: ['Rakiraki'], produce: ['Pineapple', 'Mango', 'Cassava (Tavioka)'], status: active(-3, 27) },
  { name: 'Kamla Wati', town: 'Wainibuku', tikina: 'Naitasiri', cities: ['Nasinu', 'Suva'], produce: ['Eggs', 'Chicken'], status: active(-50, 40), delivery: true },
  { name: 'Akanisi Tabua', town: 'Galoa', tikina: 'Serua', cities: ['Navua', 'Pacific Harbour'], produce: ['Sea Grapes (Nama)', 'Fish'], status: active(-7, 23) },
  { name: 'Rajesh Naidu', town: 'Tavualevu', tikina: 'Tavua', cities: ['Tavua', 'Vatukoula'], produce: ['Honey', 'Goat'], status: active(-35, 55) },
  { name: 'Jone Ravula', town: 'Lovoni', tikina: 'Lovoni', cities: ['Levuka'], produce: ['Breadfruit (Uto)', 'Dalo (Taro)', 'Kumala (Sweet Potato)'], status: active(-18, 12) },
  { name: 'Pritika Singh', town: 'Lovu', tikina: 'Vuda', cities: ['Lautoka'], produce: ['Lettuce', 'Bok Choy', 'Spring Onions', 'Cucumber'], status: active(-21, 69), premium: true, delivery: true },
  { name: 'Samisoni Nawaqa', town: 'Keiyasi', tikina: 'Noikoro', cities: ['Keiyasi', 'Sigatoka'], produce: ['Ginger', 'Kava (Yaqona)'], status: active(-65, 25), bulk: true },
  { name: 'Mohammed Ali Khan', town: 'Naduri', tikina: 'Macuata', cities: ['Labasa', 'Dreketi'], produce: ['Rice', 'Pawpaw (Papaya)'], status: active(-9, 81) },
  { name: 'Miliakere Tikoisuva', town: 'Vuna', tikina: 'Vuna', cities: ['Taveuni'], produce: ['Dalo (Taro)', 'Coconut', 'Cocoa'], status: active(-28, 62) },
  { name: 'Ashok Reddy', town: 'Vitogo', tikina: 'Vuda', cities: ['Lautoka', 'Nadi'], produce: ['Watermelon', 'Pumpkin', 'Cucumber'], status: active(-14, 16), bulk: true, delivery: true },
  { name: 'Losana Vunibola', town: 'Qauia', tikina: 'Suva', cities: ['Lami', 'Suva'], produce: ['Bele', 'Rourou (Taro Leaves)', 'Ota (Fern)'], status: active(-2, 88) },
  { name: 'Dinesh Sharma', town: 'Waila', tikina: 'Rewa', cities: ['Nausori'], produce: ['Prawns', 'Fish'], status: active(-33, 147), premium: true },
  { name: 'Waisale Naisoro', town: 'Vunidawa', tikina: 'Wainimala', cities: ['Vunidawa', 'Nausori'], produce: ['Kava (Yaqona)', 'Yams (Uvi)', 'Turmeric'], status: active(-6, 84) },

  { name: 'Reshmi Narayan', town: 'Bulileka', tikina: 'Labasa', cities: ['Labasa'], produce: ['Okra (Bhindi)', 'Chillies'], status: expired(3) },
  { name: 'Viliame Lesuma', town: 'Nabouwalu', tikina: 'Bua', cities: ['Nabouwalu'], produce: ['Dalo (Taro)', 'Kava (Yaqona)'], status: expired(12, 30) },
  { name: 'Arvind Maharaj', town: 'Koronubu', tikina: 'Ba', cities: ['Ba'], produce: ['Mango', 'Jackfruit', 'Avocado'], status: expired(28) },
  { name: 'Unaisi Rokobuli', town: 'Cuvu', tikina: 'Cuvu', cities: ['Sigatoka'], produce: ['Pawpaw (Papaya)', 'Pineapple'], status: expired(45) },
  { name: 'Salendra Goundar', town: 'Nukuloa', tikina: 'Ba', cities: ['Ba', 'Tavua'], produce: ['Tomatoes', 'Capsicum'], status: expired(120, 180) },

  { name: 'Asenaca Soqo', town: 'Dawasamu', tikina: 'Dawasamu', cities: ['Korovou'], produce: ['Cassava (Tavioka)', 'Kumala (Sweet Potato)'], status: pending(1) },
  { name: 'Nirmala Devi', town: 'Penang', tikina: 'Rakiraki', cities: ['Rakiraki', 'Tavua'], produce: ['Eggs', 'Honey'], status: pending(3) },
  { name: 'Maika Delana', town: 'Lomaloma', tikina: 'Lomaloma', cities: ['Lomaloma (Lau)'], produce: ['Coconut', 'Fish'], status: pending(6) },
  { name: 'Ravinesh Pillay', town: 'Deuba', tikina: 'Serua', cities: ['Deuba', 'Pacific Harbour', 'Navua'], produce: ['Lettuce', 'Tomatoes', 'Capsicum'], status: pending(14), delivery: true },

  { name: 'Kelera Matanitobua', town: 'Vunisea', tikina: 'Tavuki', cities: ['Vunisea (Kadavu)'], produce: ['Kava (Yaqona)', 'Dalo (Taro)'], status: trial(2) },
  { name: 'Suresh Lal', town: 'Seaqaqa', tikina: 'Seaqaqa', cities: ['Seaqaqa', 'Labasa'], produce: ['Sugarcane', 'Dhal (Pigeon Pea)'], status: trial(4) },
  { name: 'Torika Cakau', town: 'Vunimono', tikina: 'Naitasiri', cities: ['Nausori', 'Korovou'], produce: ['Pumpkin', 'Long Beans'], status: trial(6) },
  { name: 'Farzana Bi', town: 'Vunibau', tikina: 'Serua', cities: ['Navua'], produce: ['Banana', 'Vudi (Plantain)'], status: trial(10) },

  { name: 'Sakiusa Turaga', town: 'Nadarivatu', tikina: 'Nadarivatu', cities: ['Tavua'], produce: ['Carrots', 'Cabbage'], status: inactive },
  { name: 'Anjali Prasad', town: 'Lomawai', tikina: 'Malomalo', cities: ['Sigatoka'], produce: ['Maize', 'Soursop'], status: inactive },
  { name: 'Vasemaca Tuiloma', town: 'Tukavesi', tikina: 'Tunuloa', cities: ['Savusavu'], produce: ['Citrus', 'Ginger'], status: inactive },
]

export interface DemoReview {
  userName: string | null
  rating: number
  comment: string
  status: 'pending' | 'approved' | 'rejected'
  daysAgo: number
  rejectionReason?: string
}

export const DEMO_PLATFORM_REVIEWS: readonly DemoReview[] = [
  { userName: 'Ana L.', rating: 5, status: 'approved', daysAgo: 20, comment: 'Found a dalo farmer ten minutes from our house in Nausori. Called him the same day and picked up fresh dalo on Saturday morning. So easy to use.' },
  { userName: null, rating: 4, status: 'approved', daysAgo: 14, comment: 'Very handy for our restaurant in Nadi. We now buy eggplant and long beans in bulk directly from two farms. Would love more farmers listed in the west.' },
  { userName: 'Ravi P.', rating: 5, status: 'approved', daysAgo: 9, comment: 'Good idea for Fiji. The farmers answer their phones and the prices are fair because there is no middleman taking a cut.' },
  { userName: 'Seini', rating: 3, status: 'approved', daysAgo: 4, comment: 'Useful, but not many farmers listed near Savusavu yet. I will keep checking back because the ones listed were friendly.' },
  { userName: 'Mosese T.', rating: 5, status: 'pending', daysAgo: 1, comment: 'Bought kava from a farmer in Vunidawa through this site. Good quality and he delivered to Nausori. Vinaka vakalevu!' },
  { userName: null, rating: 4, status: 'pending', daysAgo: 0, comment: 'Simple to search by town and produce. It worked fine on my phone even with a weak signal in the village.' },
  { userName: 'Spam Bot', rating: 1, status: 'rejected', daysAgo: 6, rejectionReason: 'Advertising unrelated to farming.', comment: 'Cheap phones and loans available now, message me for the best deals in town today only.' },
]

export const DEMO_FARM_REVIEWS: readonly { farmer: string; rating: number; comment: string; daysAgo: number }[] = [
  { farmer: 'Josaia Tuilevu', rating: 5, daysAgo: 12, comment: 'Big clean dalo and he brought it to Nadi town for us.' },
  { farmer: 'Josaia Tuilevu', rating: 4, daysAgo: 5, comment: 'Good cassava, fair price. Call ahead the day before.' },
  { farmer: 'Sunita Devi', rating: 5, daysAgo: 8, comment: 'Fresh bhindi and chillies every week for our shop.' },
  { farmer: 'Mere Naivalu', rating: 5, daysAgo: 15, comment: 'Best rourou and ota in Nausori, always picked that morning.' },
  { farmer: 'Mere Naivalu', rating: 4, daysAgo: 3, comment: 'Friendly and reliable delivery to Nasinu.' },
  { farmer: 'Ramesh Prasad', rating: 3, daysAgo: 20, comment: 'Good cabbage, but the capsicum ran out quickly.' },
  { farmer: 'Seru Vakaloloma', rating: 5, daysAgo: 6, comment: 'Sweet watermelons, bought a full carrier for a function.' },
  { farmer: 'Salote Koroi', rating: 4, daysAgo: 10, comment: 'Lovely vanilla beans, well cured.' },
  { farmer: 'Pritika Singh', rating: 5, daysAgo: 2, comment: 'Crisp lettuce and bok choy delivered to Lautoka on time.' },
  { farmer: 'Dinesh Sharma', rating: 2, daysAgo: 18, comment: 'Prawns were good but delivery came a day late.' },
]

export const DEMO_EXPERTS: readonly {
  name: string
  company: string | null
  expertField: string
  isActive: boolean
  about: string
}[] = [
  { name: 'Kalesi Vatunitu', company: 'Viti Soil & Crop Advisory', expertField: 'Soil Science', isActive: true, about: 'Soil testing and fertiliser plans for dalo and root crops.' },
  { name: 'Pranesh Kumar', company: 'Western Agri Extension Services', expertField: 'Agricultural Extension', isActive: true, about: 'Twenty years helping cane and vegetable farmers in Ba and Lautoka.' },
  { name: 'Inoke Ravuvu', company: null, expertField: 'Organic Farming', isActive: true, about: 'Composting, mulching and organic pest control for small farms.' },
  { name: 'Neelam Sami', company: 'Pacific Plant Health Consultants', expertField: 'Plant Pathology', isActive: false, about: 'Diagnosis of taro leaf blight and other crop diseases.' },
  { name: 'Alipate Tawake', company: null, expertField: 'Irrigation & Water Management', isActive: false, about: 'Drip irrigation set-ups for dry-season vegetable growing.' },
]
