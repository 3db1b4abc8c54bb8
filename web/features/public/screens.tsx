// Public screens other than the home page: one lazy chunk, loaded on first visit to any of them.
import { ScreenPlaceholder } from '../../shared/ui/screen-placeholder'

export function BrowseFarmersPage() {
  return <ScreenPlaceholder title="Browse Farmers" />
}

export function ReviewsPage() {
  return <ScreenPlaceholder title="Reviews" />
}

export function FarmReviewsPage() {
  return <ScreenPlaceholder title="Farm Reviews" />
}

export function ExpertsPage() {
  return <ScreenPlaceholder title="Talk to Subject Matter Experts" />
}

export function AnalyticsPage() {
  return <ScreenPlaceholder title="Platform Analytics" />
}
