import { useCallback, useEffect, useRef, useState } from 'react';
import { NEW_MESSAGE_HIGHLIGHT_MS } from '@kehila/shared';

/** Ids of newly arrived messages, each kept for 5 s (S2 §4: new messages are highlighted for 5 seconds). */
export function useHighlights(durationMs: number = NEW_MESSAGE_HIGHLIGHT_MS) {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const map = timers.current;
    return () => map.forEach(clearTimeout);
  }, []);

  const add = useCallback(
    (id: string) => {
      setIds((s) => new Set(s).add(id));
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => {
          timers.current.delete(id);
          setIds((s) => {
            const next = new Set(s);
            next.delete(id);
            return next;
          });
        }, durationMs),
      );
    },
    [durationMs],
  );
  return { ids, add };
}
