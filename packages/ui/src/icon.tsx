// The frame every icon draws in: 24x24, stroked in the text colour (the stroke style is in
// base.css, so each icon carries only its shapes), hidden from screen readers unless it is given a
// title (then it is an image with that name).
import type { ReactNode, SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Width and height: a CSS length, or pixels as a number (default 1.25em of the text). */
  size?: number | string;
  /** An accessible name; without it the icon is decorative. */
  title?: string;
}

export function Svg({
  size,
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
      className={className ? `icon ${className}` : 'icon'}
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      aria-label={title}
      {...rest}
    >
      {children}
    </svg>
  );
}
