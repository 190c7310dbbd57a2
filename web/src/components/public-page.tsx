import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PublicFrame } from './public-frame';

/** The frame of a page shown without the app shell: the logo (linking home) above the content. */
export function PublicPage({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return (
    <PublicFrame link={RouterLink} narrow={narrow}>
      {children}
    </PublicFrame>
  );
}
