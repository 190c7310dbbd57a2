import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Invitation } from '@kehila/shared';
import { useToast } from '../../components/toast/use-toast';
import { CreateInvitationModal } from './create-invitation-modal';
import { MEMBERS_TEXTS as T } from './members-texts';
import { useMemberChanges } from './use-members';

/** The public registration address of an invitation. */
export const inviteUrl = (code: string) => `${window.location.origin}/register/${code}`;

/** The Invitations tab (S3 §2): the create control and the active invitations. */
export function InvitationsTab({
  communityId,
  invites,
}: {
  communityId: string;
  invites: UseQueryResult<{ items: Invitation[] }>;
}) {
  const toast = useToast();
  const changes = useMemberChanges(communityId);
  const [creating, setCreating] = useState(false);
  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(inviteUrl(code));
      toast.success(T.linkCopied);
    } catch {
      toast.error(inviteUrl(code));
    }
  };
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : T.never);
  return (
    <SpaceBetween size="l">
      <Cards
        items={invites.data?.items ?? []}
        trackBy="id"
        loading={invites.isPending}
        loadingText={T.loading}
        header={
          <Header
            actions={
              <Button variant="primary" onClick={() => setCreating(true)}>
                {T.createInvitation}
              </Button>
            }
          >
            {T.invitationsTab(invites.data?.items.length ?? 0)}
          </Header>
        }
        empty={<Box textAlign="center">{invites.isError ? T.loadInvitesFailed : T.noInvitations}</Box>}
        cardDefinition={{
          header: (i) => (
            <SpaceBetween size="xs" direction="horizontal" alignItems="center">
              <code data-testid="invite-code">{i.code}</code>
              <Badge color="green">{T.active}</Badge>
            </SpaceBetween>
          ),
          sections: [
            { id: 'uses', content: (i) => `${T.uses}: ${i.uses} · ${T.max}: ${i.max_uses ?? '∞'}` },
            {
              id: 'dates',
              content: (i) => `${T.created}: ${date(i.created_at)} · ${T.expires}: ${date(i.expires_at)}`,
            },
            {
              id: 'actions',
              content: (i) => (
                <SpaceBetween size="xs" direction="horizontal">
                  <Button iconName="copy" onClick={() => void copy(i.code)}>
                    {T.copyLink}
                  </Button>
                  <Button
                    iconName="remove"
                    ariaLabel={T.delete}
                    onClick={() =>
                      changes.deleteInvite.mutate(i.id, { onError: () => toast.error(T.deleteInvitationFailed) })
                    }
                  />
                </SpaceBetween>
              ),
            },
          ],
        }}
      />
      {creating && <CreateInvitationModal communityId={communityId} onClose={() => setCreating(false)} />}
    </SpaceBetween>
  );
}
