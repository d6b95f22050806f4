import type { ReactNode } from "react"

/**
 * A checkbox inside its <label>, so a click on the text toggles it too.
 * `children` is the label's text; `onChange` gets the new checked state.
 */
export function LabelledCheckbox({
  className,
  inputClassName,
  testId,
  checked,
  onChange,
  children,
}: {
  /** Classes of the label (its layout). */
  className?: string
  inputClassName?: string
  testId?: string
  checked: boolean
  onChange: (checked: boolean) => void
  children: ReactNode
}) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        data-testid={testId}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className={inputClassName}
      />
      {children}
    </label>
  )
}
