import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  AI_SEARCH_DEBOUNCE_MS,
  AI_SEARCH_MIN_CHARS,
  EMBEDDING_STATS_REFRESH_MS,
  MESSAGES_TEXTS,
  type Message,
} from '@kehila/shared';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { useToast } from '../../components/toast/use-toast';
import { messagesKeys } from './live-cache';

/** Results of one AI search call. */
const AI_SEARCH_LIMIT = 50;

/**
 * AI (meaning-based) search of the Messages screen (S2 §4, §5, §8): at least 2 characters after
 * trimming (else the hint), triggered 500 ms after typing stops or on Enter; clearing the box resets
 * the term and results. The indexed-percentage statistics refresh every 30 s while the AI tab is open.
 */
export function useAiSearch(communityId: string | null, active: boolean) {
  const callApi = useCallApi();
  const toast = useToast();
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<Message[] | null>(null);
  const [searching, setSearching] = useState(false);
  const seq = useRef(0);

  const stats = useQuery({
    queryKey: messagesKeys.searchStats(communityId ?? ''),
    queryFn: ({ signal }) => callApi(routes.searchStats, { params: { communityId: communityId ?? '' }, signal }),
    enabled: active && communityId !== null,
    refetchInterval: active ? EMBEDDING_STATS_REFRESH_MS : false,
  });

  const run = useCallback(
    async (q: string) => {
      if (!communityId) return;
      const id = ++seq.current;
      setTerm(q);
      setSearching(true);
      try {
        const res = await callApi(routes.aiSearch, { params: { communityId }, query: { q, limit: AI_SEARCH_LIMIT } });
        if (id !== seq.current) return;
        setResults(res.results);
        if (res.fallback) toast.info(MESSAGES_TEXTS.aiFallback);
        if (res.results.length === 0) toast.info(MESSAGES_TEXTS.aiNoResults);
      } catch {
        if (id !== seq.current) return;
        setResults(null);
        toast.error(MESSAGES_TEXTS.searchFailed);
      } finally {
        if (id === seq.current) setSearching(false);
      }
    },
    [callApi, communityId, toast],
  );

  const trimmed = input.trim();
  useEffect(() => {
    if (trimmed.length < AI_SEARCH_MIN_CHARS || trimmed === term) return;
    const timer = setTimeout(() => void run(trimmed), AI_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed, term, run]);

  const reset = useCallback(() => {
    seq.current += 1;
    setInput('');
    setTerm('');
    setResults(null);
    setSearching(false);
  }, []);

  const change = useCallback(
    (value: string) => {
      if (!value.trim()) reset();
      setInput(value);
    },
    [reset],
  );

  /** Enter: search now, without waiting for the pause. */
  const submit = useCallback(() => {
    if (trimmed.length >= AI_SEARCH_MIN_CHARS) void run(trimmed);
  }, [trimmed, run]);

  return {
    input,
    change,
    submit,
    reset,
    term,
    results,
    searching,
    /** The hint shows while the box holds 1 character (after trimming). */
    tooShort: trimmed.length > 0 && trimmed.length < AI_SEARCH_MIN_CHARS,
    stats: stats.data ?? null,
  };
}
