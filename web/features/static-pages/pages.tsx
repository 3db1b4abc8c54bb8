// About, How It Works, Terms of Use, Contact Us: one lazy chunk.
import { ScreenPlaceholder } from '../../shared/ui/screen-placeholder'

export function AboutPage() {
  return <ScreenPlaceholder title="About" />
}

export function HowItWorksPage() {
  return <ScreenPlaceholder title="How It Works" />
}

export function TermsOfUsePage() {
  return <ScreenPlaceholder title="Terms of Use" />
}

export function ContactUsPage() {
  return <ScreenPlaceholder title="Contact Us" />
}
