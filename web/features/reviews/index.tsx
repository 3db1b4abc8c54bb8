// Platform reviews (/reviews) and farm reviews (/reviews/farms): one lazy chunk.
export { ReviewsPage } from './reviews-page'
export { FarmReviewsPage } from './farm-reviews-page'
