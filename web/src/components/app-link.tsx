import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import Link, { type LinkProps } from '@cloudscape-design/components/link';

/** A Cloudscape link to an in-app path: a real href (new tab works), followed by the router on plain clicks. */
export function AppLink({
  to,
  children,
  ...rest
}: { to: string; children: ReactNode } & Omit<LinkProps, 'href' | 'onFollow'>) {
  const navigate = useNavigate();
  return (
    <Link
      {...rest}
      href={to}
      onFollow={(event) => {
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </Link>
  );
}
