// Platform reviews (/reviews) and farm reviews (/reviews/farms): one lazy chunk.
import { ScreenPlaceholder } from '../../shared/ui/screen-placeholder'

export function ReviewsPage() {
  return <ScreenPlaceholder title="Reviews" />
}

export function FarmReviewsPage() {
  return <ScreenPlaceholder title="Farm Reviews" />
}
