import type { ComponentType, CSSProperties, ReactNode } from 'react';
import { KehilaLogo } from './kehila-logo';
import styles from './page-frame.module.css';

/** A link home as the page's navigation draws it (the router's Link in the app, a plain link outside it). */
export type HomeLink = ComponentType<{ to: string; children: ReactNode; 'aria-label'?: string; style?: CSSProperties }>;

/**
 * The frame of a page shown without the app shell: the logo (linking home) above the content. Without a
 * router of its own (the prerendered /login has none); `PublicPage` is this frame with the router's link.
 */
export function PublicFrame({
  link: Link,
  children,
  narrow = false,
}: {
  link: HomeLink;
  children: ReactNode;
  narrow?: boolean;
}) {
  return (
    <div className={styles.public}>
      <header className={`${styles.publicHeader} ${narrow ? styles.narrow : ''}`}>
        <Link to="/" aria-label="Kehila home" style={{ textDecoration: 'none' }}>
          <KehilaLogo />
        </Link>
      </header>
      <main className={`${styles.publicBody} ${narrow ? styles.narrow : ''}`}>{children}</main>
    </div>
  );
}
