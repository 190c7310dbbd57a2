import { Link } from 'react-router-dom';
import Icon from '@cloudscape-design/components/icon';
import { MOBILE_TABS, navHref, type NavId } from './nav-items';
import styles from './app-shell.module.css';

/** The mobile bottom tab bar: eight tabs, every item but suppliers (S1 §2). */
export function MobileTabBar({ active }: { active: NavId | null }) {
  return (
    <nav aria-label="Tabs" className={styles.tabBar}>
      {MOBILE_TABS.map((item) => (
        <Link
          key={item.id}
          to={navHref(item.id)}
          className={styles.tab}
          title={item.label}
          aria-current={active === item.id ? 'page' : undefined}
          data-active={active === item.id ? 'true' : undefined}
        >
          <Icon name={item.icon} variant={active === item.id ? 'link' : 'normal'} />
          <span className={styles.tabLabel}>{item.shortLabel}</span>
        </Link>
      ))}
    </nav>
  );
}
