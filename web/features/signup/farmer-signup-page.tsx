// Lazy chunk: the farmer signup form (public and Data Agent Mode).
import { ScreenPlaceholder } from '../../shared/ui/screen-placeholder'

export function FarmerSignupPage() {
  return <ScreenPlaceholder title="Farmer Signup" />
}
