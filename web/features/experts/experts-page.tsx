import { ScreenPlaceholder } from '../../shared/ui/screen-placeholder'

export function ExpertsPage() {
  return <ScreenPlaceholder title="Talk to Subject Matter Experts" />
}
