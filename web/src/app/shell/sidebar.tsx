import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Button from '@cloudscape-design/components/button';
import Icon from '@cloudscape-design/components/icon';
import SideNavigation from '@cloudscape-design/components/side-navigation';
import { KehilaLogo } from '../../components/kehila-logo';
import { NAV_ITEMS, navHref, type NavId } from './nav-items';
import styles from './app-shell.module.css';

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** The desktop sidebar: Today and the nine items of S1 §2, 16rem wide, or an icon rail of 3rem when collapsed. */
export function Sidebar({ open, onToggle, active }: { open: boolean; onToggle: () => void; active: NavId | null }) {
  const navigate = useNavigate();
  return (
    <aside className={styles.sidebar} data-collapsed={open ? undefined : 'true'} aria-label="Sidebar">
      <div className={styles.sidebarTop}>
        {open && <KehilaLogo />}
        <Button
          variant="icon"
          iconName={open ? 'angle-left-double' : 'angle-right-double'}
          ariaLabel={open ? 'Collapse sidebar' : 'Expand sidebar'}
          ariaExpanded={open}
          onClick={onToggle}
        />
      </div>
      <nav aria-label="Main navigation" className={styles.sidebarNav}>
        {open ? (
          <SideNavigation
            activeHref={active ? navHref(active) : undefined}
            items={NAV_ITEMS.map((item) => ({ type: 'link', text: item.label, href: navHref(item.id) }))}
            onFollow={(event) => {
              if (event.detail.external) return;
              event.preventDefault();
              navigate(event.detail.href);
            }}
          />
        ) : (
          <ul className={styles.rail}>
            {NAV_ITEMS.map((item) => (
              <li key={item.id}>
                <a
                  href={navHref(item.id)}
                  className={styles.railLink}
                  aria-label={item.label}
                  title={item.label}
                  aria-current={active === item.id ? 'page' : undefined}
                  onClick={(event) => {
                    if (!isPlainClick(event)) return;
                    event.preventDefault();
                    navigate(navHref(item.id));
                  }}
                >
                  <Icon name={item.icon} />
                </a>
              </li>
            ))}
          </ul>
        )}
      </nav>
    </aside>
  );
}
