import { t } from '../i18n/runtime'
import type { ReloadGuard } from './reload-guard'

/**
 * A dirty form's reload guard. Its reason is looked up when Reload is tapped, not when the form
 * mounts, so a reader who switched language in place reads it in the language now on screen.
 */
export function formGuard(reasonKey: string, dirty: { readonly current: boolean }): ReloadGuard {
  return { reason: () => t(reasonKey), blocking: () => dirty.current }
}
