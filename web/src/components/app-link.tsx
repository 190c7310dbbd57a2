import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import Link, { type LinkProps } from '@cloudscape-design/components/link';

/**
 * A Cloudscape link to an in-app path: a real href (new tab works), followed by the router on plain
 * clicks, after `onNavigate` (e.g. a toast saying where it goes).
 */
export function AppLink({
  to,
  children,
  onNavigate,
  ...rest
}: { to: string; children: ReactNode; onNavigate?: () => void } & Omit<LinkProps, 'href' | 'onFollow'>) {
  const navigate = useNavigate();
  return (
    <Link
      {...rest}
      href={to}
      onFollow={(event) => {
        event.preventDefault();
        onNavigate?.();
        navigate(to);
      }}
    >
      {children}
    </Link>
  );
}
