import { useId } from 'react';

export interface IncludeHiddenFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/**
 * `Include hidden text` (issue 28): read the text a file or page hides from its readers (white,
 * tiny, invisible or hidden) as part of it. Off by default: such text is listed on the result,
 * never summarized.
 */
export function IncludeHiddenField({
  checked,
  onChange,
  disabled = false,
}: IncludeHiddenFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="ru-include-hidden">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>Include hidden text</label>
      <p id={hintId} className="ru-include-hidden__hint ui-muted">
        Text readers cannot see (white, tiny or hidden) is left out and listed unless you include
        it.
      </p>
    </div>
  );
}
