import { useId } from 'react';
import { cx } from 'common/cx';
import './choice-group.css';

export interface Choice<Value extends string> {
  value: Value;
  label: string;
}

export interface ChoiceGroupProps<Value extends string> {
  /** The group's visible label, which names the radio group. */
  label: string;
  choices: readonly Choice<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  disabled?: boolean;
  className?: string;
}

/**
 * A row of choices drawn as a segmented control: native radio buttons in a named radiogroup,
 * so arrow keys move between them and each choice is read as "radio, n of m".
 */
export function ChoiceGroup<Value extends string>({
  label,
  choices,
  value,
  onChange,
  disabled = false,
  className,
}: ChoiceGroupProps<Value>) {
  const id = useId();
  const labelId = `choices${id}label`;
  return (
    <div className={cx('ui-choice-group', className)}>
      <span id={labelId} className="ui-choice-group__label">
        {label}
      </span>
      <div role="radiogroup" aria-labelledby={labelId} className="ui-choice-group__options">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cx(
              'ui-choice-group__option',
              choice.value === value && 'ui-choice-group__option--checked',
            )}
          >
            <input
              type="radio"
              className="ui-choice-group__input"
              name={`choices${id}`}
              value={choice.value}
              checked={choice.value === value}
              disabled={disabled}
              onChange={() => onChange(choice.value)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
