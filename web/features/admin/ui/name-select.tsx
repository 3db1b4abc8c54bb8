// A select over a list of names whose first, empty-valued option means none or any
// (a farmer filter's "All cities", an expert's "Select expertise", produce's "Uncategorized").
import { NativeSelect } from '@chakra-ui/react'

export function NameSelect({ names, emptyText, value, onChange, label, maxW }: {
  names: readonly string[] | undefined
  emptyText: string
  value: string
  onChange: (name: string) => void
  /** Accessible name when no FormField labels the select. */
  label?: string
  maxW?: string
}) {
  return (
    <NativeSelect.Root maxW={maxW}>
      <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{emptyText}</option>
        {(names ?? []).map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}
