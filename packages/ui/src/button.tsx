// The one button: a variant for its weight, `busy` while its action runs (disabled and announced).
import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'success';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'small' | 'large';
  block?: boolean;
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** The classes of a button, for links and labels that look like one. */
export function buttonClass(
  variant: ButtonVariant = 'secondary',
  options: { size?: 'small' | 'large'; block?: boolean; className?: string } = {},
): string {
  return [
    'button',
    `button--${variant}`,
    options.size ? `button--${options.size}` : '',
    options.block ? 'button--block' : '',
    options.className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant = 'secondary',
  size,
  block,
  busy,
  className,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, { size, block, className })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    />
  );
}
