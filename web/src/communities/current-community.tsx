import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { routes, type UserCommunity } from '@kehila/shared';
import { useAuth } from '../auth/use-auth';
import { useCallApi } from '../api/use-call-api';

/** Local-storage key of the selected community (S1 §4 Community selection). */
export const SELECTED_COMMUNITY_KEY = 'kehila:selected-community';

/** Query key of the user's communities. */
export const myCommunitiesQueryKey = (userId: string | null) => ['communities', userId] as const;

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
}

const CurrentCommunityContext = createContext<CurrentCommunity | null>(null);

function readStored(): string | null {
  try {
    return window.localStorage.getItem(SELECTED_COMMUNITY_KEY);
  } catch {
    return null;
  }
}

/** Provides the user's communities and the selected one to the protected screens. */
export function CurrentCommunityProvider({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const callApi = useCallApi();
  const userId = state.status === 'signedIn' ? state.user.userId : null;
  const [stored, setStored] = useState<string | null>(readStored);
  const query = useQuery({
    queryKey: myCommunitiesQueryKey(userId),
    queryFn: ({ signal }) => callApi(routes.listMyCommunities, { signal }),
    enabled: userId !== null,
  });
  const communities = useMemo(() => query.data?.communities ?? [], [query.data]);
  const community = communities.find((c) => c.community_id === stored) ?? communities[0] ?? null;

  const select = useCallback((communityId: string) => {
    try {
      window.localStorage.setItem(SELECTED_COMMUNITY_KEY, communityId);
    } catch {
      // storage unavailable (private mode): the choice lasts for this page only
    }
    setStored(communityId);
  }, []);

  const value = useMemo<CurrentCommunity>(
    () => ({ communities, community, isLoading: query.isLoading, isError: query.isError, select }),
    [communities, community, query.isLoading, query.isError, select],
  );
  return <CurrentCommunityContext.Provider value={value}>{children}</CurrentCommunityContext.Provider>;
}

/** The user's communities and the selected one (inside the protected shell). */
export function useCurrentCommunity(): CurrentCommunity {
  const value = useContext(CurrentCommunityContext);
  if (!value) throw new Error('useCurrentCommunity outside CurrentCommunityProvider');
  return value;
}
