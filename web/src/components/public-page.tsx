import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { KehilaLogo } from './kehila-logo';
import styles from './page-frame.module.css';

/** The frame of a page shown without the app shell: the logo (linking home) above the content. */
export function PublicPage({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return (
    <div className={styles.public}>
      <header className={`${styles.publicHeader} ${narrow ? styles.narrow : ''}`}>
        <RouterLink to="/" aria-label="Kehila home" style={{ textDecoration: 'none' }}>
          <KehilaLogo />
        </RouterLink>
      </header>
      <main className={`${styles.publicBody} ${narrow ? styles.narrow : ''}`}>{children}</main>
    </div>
  );
}
