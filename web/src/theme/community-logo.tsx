import { useState } from 'react';
import { INVITE_LOGO_MAX_RETRIES, INVITE_LOGO_RETRY_DELAY_MS } from '@kehila/shared/constants';

/**
 * A community's logo (S2 §2.4 branding), 32 px high. A logo that fails to load is tried again with a
 * cache-busting query (S1 §2's logo rule), then left out rather than shown broken.
 */
export function CommunityLogo({ url, name, height = 32 }: { url: string; name: string; height?: number }) {
  const [attempt, setAttempt] = useState(0);
  if (attempt > INVITE_LOGO_MAX_RETRIES) return null;
  const src = attempt === 0 ? url : `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}`;
  return (
    <img
      src={src}
      alt={`${name} logo`}
      style={{ height, width: 'auto', maxWidth: height * 4, objectFit: 'contain', display: 'block' }}
      onError={() => setTimeout(() => setAttempt((a) => a + 1), INVITE_LOGO_RETRY_DELAY_MS)}
    />
  );
}
