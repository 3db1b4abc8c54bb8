// The language picker (issue 20): a native <select>, so a cheap phone shows its own large list and a
// screen reader reads it as one labelled control. Switching is in place (no reload), so a form being
// filled keeps what was typed; the choice is remembered on the device.
import { chakra } from '@chakra-ui/react'
import { useId, useState } from 'react'
import { LOCALES, LOCALE_NAMES, isLocale, setLocale, useLocale, useT } from '../../i18n/runtime'
import { toast } from './toast-store'

export function LanguagePicker({ showLabel = false }: { showLabel?: boolean }) {
  const t = useT()
  const locale = useLocale()
  const id = useId()
  const [loading, setLoading] = useState(false)

  const onChange = async (value: string) => {
    if (!isLocale(value)) return
    setLoading(true)
    try {
      await setLocale(value)
    } catch {
      // Offline before the language's file was ever stored: the page stays in the language it had.
      toast({ title: t('app.language.unavailable'), variant: 'destructive' })
    } finally {
      setLoading(false)
    }
  }

  return (
    <chakra.div display="flex" alignItems="center" gap="2">
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium" srOnly={!showLabel}>
        {t('app.language.label')}
      </chakra.label>
      <chakra.select
        id={id}
        value={locale}
        aria-busy={loading || undefined}
        onChange={(event) => void onChange(event.target.value)}
        fontSize="sm"
        minH="9"
        px="2"
        bg="white"
        color="gray.800"
        borderWidth="1px"
        borderColor="gray.400"
        borderRadius="md"
        cursor="pointer"
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.700', outlineOffset: '1px' }}
      >
        {LOCALES.map((code) => (
          // Each language named in itself, and marked as such so a screen reader pronounces it right.
          <option key={code} value={code} lang={code === 'en' ? 'en' : code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </chakra.select>
    </chakra.div>
  )
}
