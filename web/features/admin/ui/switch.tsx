// An on/off control that saves at once (Premium, Bulk, Include in Costing): a native checkbox
// with role="switch", so it is a real form control with a name for screen readers.
import { chakra } from '@chakra-ui/react'

export function SaveSwitch({ label, checked, disabled, onChange }: { label: string; checked: boolean; disabled?: boolean; onChange: (checked: boolean) => void }) {
  return (
    <chakra.input
      type="checkbox"
      role="switch"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
      boxSize="5"
      accentColor="brand.800"
      cursor="pointer"
    />
  )
}
