import { useState } from 'react';
import Icon from '@cloudscape-design/components/icon';
import { INVITE_LOGO_MAX_RETRIES, INVITE_LOGO_RETRY_DELAY_MS } from '@kehila/shared/constants';

/**
 * The community logo of an invite (S1 §2): on a failed load it retries up to 2 times, 1 s apart, with
 * a cache-busting query; then a placeholder icon.
 */
export function InviteLogo({ url }: { url: string }) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  if (failed) return <Icon name="group" size="big" />;
  const src = attempt === 0 ? url : `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}-${Date.now()}`;
  return (
    <img
      src={src}
      alt=""
      style={{ maxHeight: 72, maxWidth: 200, objectFit: 'contain' }}
      onError={() => {
        if (attempt >= INVITE_LOGO_MAX_RETRIES) setFailed(true);
        else setTimeout(() => setAttempt((a) => a + 1), INVITE_LOGO_RETRY_DELAY_MS);
      }}
    />
  );
}
