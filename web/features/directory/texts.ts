// The spec's texts used by the directory screens. The home page is in the initial chunk, and
// importing anything at run time from api/contract there pulls zod and every schema into it
// (+34 KB gzip, measured); these copies keep it small, and texts.test.ts checks each one against
// the contract's messages word for word.
export const texts = {
  searchPlaceholder: 'Search farmers or produce...',
  deliveryAvailable: 'Delivery Available',
  bulkAvailable: 'Bulk Available',
  emptySearch: "Oops, it appears we're still growing those plants. They'll be ready soon — check back later!",
  noLocations: 'No farmers are currently listed in any locations.',
  noFarmersInLocation: 'No farmers available in this location',
  categoriesUpdating: 'Produce categories are being updated. Use "All Farmers" above to browse available farmers.',
  noFarmersForProduce: (city: string, produce: string) =>
    `No farmers in ${city} currently sell ${produce}. Try selecting a different produce or location.`,
  phoneNotProvided: 'Not provided',
  failedToFetchProduceAvailability: 'Failed to fetch produce availability',
  failedToFetchFarmersLocations: 'Failed to fetch farmers locations',
  failedToFetchProduceForLocation: 'Failed to fetch produce for location',
  failedToFetchFarmersForLocationAndProduce: 'Failed to fetch farmers for location and produce',
  failedToFetchFarmers: 'Failed to fetch farmers',
  locationsTooltip: 'Only locations with active listed farmers are shown',
  allFarmers: 'All Farmers',
  signUpYourFarm: 'Sign Up Your Farm',
  leaveReview: 'Leave a Review',
  viewAllReviews: 'View All Reviews',
} as const

/** Not a spec text (issue 17): a list answered from the phone's offline copy says so, and of when. */
export const offlineCopyNotice = (fijiTime: string) => `The server cannot be reached: showing the list as of ${fijiTime}.`
