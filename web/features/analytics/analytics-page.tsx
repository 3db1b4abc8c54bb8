import { ScreenPlaceholder } from '../../shared/ui/screen-placeholder'

export function AnalyticsPage() {
  return <ScreenPlaceholder title="Platform Analytics" />
}
