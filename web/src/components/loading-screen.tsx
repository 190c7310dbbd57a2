import StatusIndicator from '@cloudscape-design/components/status-indicator';
import styles from './page-frame.module.css';

/** Shown while the session or a lazily loaded screen is on its way. */
export function LoadingScreen() {
  return (
    <div className={styles.centered} data-testid="loading-screen">
      <StatusIndicator type="loading">Loading</StatusIndicator>
    </div>
  );
}
