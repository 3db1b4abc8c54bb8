// Lazy chunk: the expert registration form.
import { ScreenPlaceholder } from '../../shared/ui/screen-placeholder'

export function ExpertSignupPage() {
  return <ScreenPlaceholder title="Expert Registration" />
}
