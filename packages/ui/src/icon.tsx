// The frame every icon draws in: 24x24, stroked in the text colour, hidden from screen readers
// unless it is given a title (then it is an image with that name).
import type { ReactNode, SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Width and height: a CSS length, or pixels as a number (default 1.25em of the text). */
  size?: number | string;
  /** An accessible name; without it the icon is decorative. */
  title?: string;
}

export function Svg({
  size = '1.25em',
  title,
  className,
  children,
  ...rest
}: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className ? `icon ${className}` : 'icon'}
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      aria-label={title}
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}
