// An on/off switch (a checkbox with role switch) with its label and description.
import { useId } from 'react';

interface ToggleProps {
  label: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

export function Toggle({ label, description, checked, disabled, onChange }: ToggleProps) {
  const id = useId();
  return (
    <div className="toggle">
      <label className="toggle__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="toggle__input"
        checked={checked}
        disabled={disabled}
        aria-describedby={description ? `${id}-description` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      {description ? (
        <p id={`${id}-description`} className="toggle__description">
          {description}
        </p>
      ) : null}
    </div>
  );
}
