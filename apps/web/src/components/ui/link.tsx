// The app's in-app link: an <a> whose click navigates in the router (a modified click, or one with
// a target, is left to the browser). It replaces React Router's <Link> and <NavLink>, whose
// prefetching for framework mode (route modules, data requests, <link rel="prefetch">) this
// app cannot use, and which cost every first screen about 2 kB gzip (decision 006). The current
// page is marked by the caller with aria-current.
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** History state of the new entry (e.g. the page transition). */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}
