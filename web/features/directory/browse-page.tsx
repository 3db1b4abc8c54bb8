// The step-based browse screen (/browse-farmers and /browse): its own lazy chunk.
import { ScreenPlaceholder } from '../../shared/ui/screen-placeholder'

export function BrowseFarmersPage() {
  return <ScreenPlaceholder title="Browse Farmers" />
}
