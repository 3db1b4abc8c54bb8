// Lazy chunk: staff sign-in.
import { ScreenPlaceholder } from '../../shared/ui/screen-placeholder'

export function LoginPage() {
  return <ScreenPlaceholder title="Staff Sign In" />
}
