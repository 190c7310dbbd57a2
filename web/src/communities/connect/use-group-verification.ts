import { useCallback, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { WHATSAPP_POLL_INTERVAL_MS, type PendingConnection } from '@kehila/shared';
import { routes } from '../../api/routes';
import { messageOr } from '../../api/api-error';
import { useCallApi } from '../../api/use-call-api';
import { connectText } from './connect-text';

/** A group verification the user follows: the latest state of their code, and how to get a new one. */
export interface GroupVerification {
  /** The verification as last seen (null before one is opened). */
  readonly connection: PendingConnection | null;
  /** Opens a verification with a new code, for the given number or the profile's. */
  readonly open: (phone?: string) => void;
  readonly opening: boolean;
  /** Why opening failed, in the server's words when it gave some. */
  readonly openError: string | null;
  /** Takes a state of the verification read elsewhere (onboarding's own poll). */
  readonly update: (connection: PendingConnection | null) => void;
  /** Forgets the verification (a dialog starting over). */
  readonly reset: () => void;
}

/** The newer of two verifications: an answer that left before a new code was opened must not bring the old one back. */
function newer(a: PendingConnection | null, b: PendingConnection | null): PendingConnection | null {
  if (!a || !b) return a ?? b;
  return b.created_at >= a.created_at ? b : a;
}

/**
 * Opens and follows a group verification (a one-time code the user's own WhatsApp sends in the
 * group): for a community the user administers (onboarding, the Settings connect flow), or for a
 * community to add (`communityId` null, the Add Community dialog). With `follow`, it is read again
 * every 3 s (S1 §4's polling interval) while the bot waits for the code; onboarding follows it
 * through its own poll instead and passes what it reads to `update`.
 */
export function useGroupVerification(
  communityId: string | null,
  { initial = null, follow = true }: { initial?: PendingConnection | null; follow?: boolean } = {},
): GroupVerification {
  const callApi = useCallApi();
  const [known, setKnown] = useState<PendingConnection | null>(initial);
  const update = useCallback(
    (connection: PendingConnection | null) => setKnown((current) => newer(current, connection)),
    [],
  );

  const openMutation = useMutation({
    mutationFn: (phone: string | undefined) =>
      communityId
        ? callApi(routes.openCommunityVerification, { params: { communityId }, body: { phone } })
        : callApi(routes.openGroupVerification, { body: { phone } }),
    onSuccess: update,
  });

  const polled = useQuery({
    queryKey: ['group-verification', known?.id],
    queryFn: () => callApi(routes.getGroupVerification, { params: { connectionId: known!.id } }),
    enabled: follow && known?.status === 'pending',
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'pending' ? false : WHATSAPP_POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
    // A failed read is tried again at the next interval (S1 §8: the flow goes on).
    retry: false,
  });

  const { reset: resetOpen, mutate } = openMutation;
  const reset = useCallback(() => {
    setKnown(null);
    resetOpen();
  }, [resetOpen]);
  const open = useCallback((phone?: string) => mutate(phone), [mutate]);

  const connection = polled.data && polled.data.id === known?.id ? newer(known, polled.data) : known;
  return {
    connection,
    open,
    opening: openMutation.isPending,
    openError: openMutation.isError ? messageOr(openMutation.error, connectText.openFailed) : null,
    update,
    reset,
  };
}
