import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type UserCommunity } from '@kehila/shared';
import { routes } from '../api/routes';
import { useAuth } from '../auth/use-auth';
import { useCallApi } from '../api/use-call-api';
import { isolate } from '../components/bidi';
import { useToast } from '../components/toast/use-toast';

/** Local-storage key of the selected community (S1 §4 Community selection). */
export const SELECTED_COMMUNITY_KEY = 'kehila:selected-community';

/** Query key of the user's communities. */
export const myCommunitiesQueryKey = (userId: string | null) => ['communities', userId] as const;

/** S1 §8 and §4 texts of community selection. */
export const currentCommunityText = {
  loadFailed: 'Failed to load communities',
  switched: (displayName: string) => `Switched to ${isolate(displayName)}`,
} as const;

/** The communities of the signed-in user and the one selected. */
export interface CurrentCommunity {
  /** Newest first, as the API returns them. */
  readonly communities: readonly UserCommunity[];
  /** The stored choice if the user is still a member, else the first community, else null. */
  readonly community: UserCommunity | null;
  readonly isLoading: boolean;
  readonly isError: boolean;
  /** Selects (and stores) a community. */
  select(communityId: string): void;
  /** Selects a community and says so: 'Switched to {display name}' (S1 §4). */
  switchTo(communityId: string): void;
  /** Forgets the stored choice (the first community is selected again, or none). */
  clear(): void;
  /** Reloads the list (after adding, connecting or leaving a community). */
  refresh(): Promise<void>;
}

const CurrentCommunityContext = createContext<CurrentCommunity | null>(null);

function readStored(): string | null {
  try {
    return window.localStorage.getItem(SELECTED_COMMUNITY_KEY);
  } catch {
    return null;
  }
}

function writeStored(communityId: string | null): void {
  try {
    if (communityId === null) window.localStorage.removeItem(SELECTED_COMMUNITY_KEY);
    else window.localStorage.setItem(SELECTED_COMMUNITY_KEY, communityId);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
}

/**
 * Provides the user's communities and the selected one to every signed-in screen. The first community
 * is selected and stored when there is no valid stored choice (S1 §4); a failed load says
 * 'Failed to load communities' (S1 §8).
 */
export function CurrentCommunityProvider({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const callApi = useCallApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const userId = state.status === 'signedIn' ? state.user.userId : null;
  const [stored, setStored] = useState<string | null>(readStored);
  const query = useQuery({
    queryKey: myCommunitiesQueryKey(userId),
    queryFn: ({ signal }) => callApi(routes.listMyCommunities, { signal }),
    enabled: userId !== null,
  });
  const communities = useMemo(() => query.data?.communities ?? [], [query.data]);
  const community = communities.find((c) => c.community_id === stored) ?? communities[0] ?? null;

  // S1 §4: without a valid stored choice the first community is selected and stored.
  const firstId = communities[0]?.community_id ?? null;
  const storedIsMember = communities.some((c) => c.community_id === stored);
  useEffect(() => {
    if (!query.isSuccess || storedIsMember) return;
    writeStored(firstId);
    setStored(firstId);
  }, [query.isSuccess, storedIsMember, firstId]);

  useEffect(() => {
    if (query.isError) toast.error(currentCommunityText.loadFailed);
  }, [query.isError, toast]);

  const select = useCallback((communityId: string) => {
    writeStored(communityId);
    setStored(communityId);
  }, []);

  const switchTo = useCallback(
    (communityId: string) => {
      const target = communities.find((c) => c.community_id === communityId);
      if (!target) return;
      select(communityId);
      toast.success(currentCommunityText.switched(target.display_name));
    },
    [communities, select, toast],
  );

  const clear = useCallback(() => {
    writeStored(null);
    setStored(null);
  }, []);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: myCommunitiesQueryKey(userId) }),
    [queryClient, userId],
  );

  const value = useMemo<CurrentCommunity>(
    () => ({
      communities,
      community,
      isLoading: query.isLoading,
      isError: query.isError,
      select,
      switchTo,
      clear,
      refresh,
    }),
    [communities, community, query.isLoading, query.isError, select, switchTo, clear, refresh],
  );
  return <CurrentCommunityContext.Provider value={value}>{children}</CurrentCommunityContext.Provider>;
}

/** The user's communities and the selected one (on every signed-in screen). */
export function useCurrentCommunity(): CurrentCommunity {
  const value = useContext(CurrentCommunityContext);
  if (!value) throw new Error('useCurrentCommunity outside CurrentCommunityProvider');
  return value;
}
