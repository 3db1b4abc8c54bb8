// Catalog keys of the spec's texts used by the directory screens (areas "home" and "directory"). The
// English catalog holds the spec's words; texts.test.ts checks them against the contract's messages
// word for word. (The home page is in the initial chunk: importing api/contract at run time there
// would pull zod and every schema into it, +34 KB gzip.)
export const texts = {
  searchPlaceholder: 'home.search.placeholder',
  deliveryAvailable: 'home.search.deliveryAvailable',
  bulkAvailable: 'home.search.bulkAvailable',
  emptySearch: 'home.search.empty',
  noLocations: 'home.cities.none',
  noFarmersInLocation: 'directory.noFarmersInLocation',
  categoriesUpdating: 'directory.categoriesUpdating',
  /** Placeholders: {city}, {produce}. */
  noFarmersForProduce: 'directory.noFarmersForProduce',
  phoneNotProvided: 'directory.card.phoneNotProvided',
  failedToFetchProduceAvailability: 'home.availability.failed',
  failedToFetchFarmersLocations: 'home.cities.failed',
  failedToFetchProduceForLocation: 'directory.failedToFetchProduceForLocation',
  failedToFetchFarmersForLocationAndProduce: 'directory.failedToFetchFarmersForLocationAndProduce',
  failedToFetchFarmers: 'home.search.failed',
  locationsTooltip: 'home.cities.tooltip',
  allFarmers: 'directory.allFarmers',
  signUpYourFarm: 'home.signUpYourFarm',
  leaveReview: 'home.review.heading',
  viewAllReviews: 'home.review.viewAll',
  /** Not a spec text (issue 17): a list answered from the phone's offline copy says so, and of when. Placeholder: {time}. */
  offlineCopyNotice: 'home.offlineCopyNotice',
} as const
