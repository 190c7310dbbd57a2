import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_COLLAPSED } from '@kehila/shared/constants';
import { LARGE_BREAKPOINT_PX } from '../../components/breakpoints';
import { paths } from '../../navigation/paths';
import { KehilaLogo } from '../../components/kehila-logo';
import type { MemberRole } from './member-role';
import { MobileTabBar } from './mobile-tab-bar';
import { activeNavId } from './nav-items';
import { Sidebar } from './sidebar';
import { useMediaQuery } from '../../components/use-media-query';
import { useSidebarState } from './use-sidebar-state';
import { UserMenu } from './user-menu';
import styles from './app-shell.module.css';

/** What the shell shows around a protected screen; the slots are filled by later work (selector, banner). */
export interface AppShellProps {
  /** The name shown in the header and the user menu. */
  readonly userName: string;
  /** The user's role in the selected community; undefined while unknown (then neither label nor crown). */
  readonly role?: MemberRole;
  /** Header slot for the community selector (desktop). */
  readonly communitySelector?: ReactNode;
  /** The selected community's logo (S2 §2.4 branding): beside the selector, and instead of Kehila's mark on phones. */
  readonly brandLogo?: ReactNode;
  /** Header-area slot for the trial warning banner. */
  readonly trialBanner?: ReactNode;
  readonly signingOut?: boolean;
  readonly onSignOut: () => void;
  readonly children: ReactNode;
}

/** The navigation shell of S1 §2: sidebar and header on large screens, header and bottom tabs below. */
export function AppShell({
  userName,
  role,
  communitySelector,
  brandLogo,
  trialBanner,
  signingOut = false,
  onSignOut,
  children,
}: AppShellProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const large = useMediaQuery(`(min-width: ${LARGE_BREAKPOINT_PX}px)`);
  const sidebar = useSidebarState();
  const active = activeNavId(pathname);

  const userMenu = (
    <UserMenu
      userName={userName}
      role={role}
      compact={!large}
      signingOut={signingOut}
      onProfile={() => navigate(paths.settings)}
      onSignOut={onSignOut}
    />
  );

  return (
    <div
      className={styles.shell}
      data-layout={large ? 'desktop' : 'mobile'}
      style={{ ['--kehila-sidebar-width' as string]: sidebar.open ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_COLLAPSED }}
    >
      {large && <Sidebar open={sidebar.open} onToggle={sidebar.toggle} active={active} />}
      <div className={styles.column}>
        <header className={styles.header}>
          {large ? (
            <div className={styles.headerStart}>
              {brandLogo}
              {communitySelector}
            </div>
          ) : (
            <Link to={paths.dashboard} aria-label="Kehila home" className={styles.headerLogo}>
              {brandLogo ?? <KehilaLogo />}
            </Link>
          )}
          <div className={styles.headerEnd}>{userMenu}</div>
        </header>
        {trialBanner && <div className={styles.banner}>{trialBanner}</div>}
        <main className={styles.main}>{children}</main>
      </div>
      {!large && <MobileTabBar active={active} />}
    </div>
  );
}
