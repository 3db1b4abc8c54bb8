import { Field } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export interface FormFieldProps {
  label: string
  error?: string
  /** Shows the required star (spec 001 §2: "required fields starred"). */
  required?: boolean
  helperText?: ReactNode
  /** The control: a Chakra Input, NativeSelect… (they read the field's id, label and state). */
  children: ReactNode
}

export function FormField({ label, error, required, helperText, children }: FormFieldProps) {
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  )
}
