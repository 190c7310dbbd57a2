import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DIRECTORY_LINKS_REFRESH_MS,
  type BulkMemberUpdate,
  type InvitationOptionsInput,
  type Member,
  type MemberListQuery,
  type MemberUpdate,
} from '@kehila/shared';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';

/** Query keys of the screen; everything of a community starts with `['members', communityId]`. */
export const membersKeys = {
  all: (communityId: string) => ['members', communityId] as const,
  list: (communityId: string, q: MemberListQuery) => ['members', communityId, 'list', q] as const,
  invites: (communityId: string) => ['members', communityId, 'invites'] as const,
  links: (communityId: string) => ['members', communityId, 'links'] as const,
  group: (communityId: string) => ['members', communityId, 'group'] as const,
};

/** The members reconciled with the WhatsApp group. */
export function useGroupMembers(communityId: string) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: membersKeys.group(communityId),
    queryFn: ({ signal }) => callApi(routes.groupMembers, { params: { communityId }, signal }),
  });
}

/** Reads the group's participant list through the gateway again; the answer is the new reconciliation. */
export function useSyncGroupMembers(communityId: string) {
  const callApi = useCallApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(routes.syncGroupMembers, { params: { communityId } }),
    onSuccess: (data) => queryClient.setQueryData(membersKeys.group(communityId), data),
  });
}

/** One page of members from the server (tab, search and page are the server's work). */
export function useMemberPage(communityId: string, q: MemberListQuery) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: membersKeys.list(communityId, q),
    queryFn: ({ signal }) => callApi(routes.listMembers, { params: { communityId }, query: q, signal }),
    placeholderData: (previous) => previous,
  });
}

/** The active invitations. */
export function useInvitations(communityId: string) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: membersKeys.invites(communityId),
    queryFn: ({ signal }) => callApi(routes.listInvites, { params: { communityId }, signal }),
  });
}

/** Directory links: at load, every 30 s and whenever the tab becomes visible (S3 §4). */
export function useDirectoryLinks(communityId: string) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: membersKeys.links(communityId),
    queryFn: ({ signal }) => callApi(routes.listDirectoryLinks, { params: { communityId }, signal }),
    refetchInterval: DIRECTORY_LINKS_REFRESH_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
}

/** Every change of the screen; each refetches the community's lists. */
export function useMemberChanges(communityId: string) {
  const callApi = useCallApi();
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: membersKeys.all(communityId) });
  const params = (memberId: string) => ({ communityId, memberId });
  return {
    approval: useMutation({
      mutationFn: (v: { member: Member; approved: boolean }) =>
        callApi(routes.setMemberApproval, { params: params(v.member.id), body: { approved: v.approved } }),
      onSettled,
    }),
    role: useMutation({
      mutationFn: (v: { memberId: string; role: Member['role'] }) =>
        callApi(routes.setMemberRole, { params: params(v.memberId), body: { role: v.role } }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: (v: { memberId: string; update: MemberUpdate }) =>
        callApi(routes.updateMember, { params: params(v.memberId), body: v.update }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (memberId: string) => callApi(routes.deleteMember, { params: params(memberId) }),
      onSettled,
    }),
    bulkUpdate: useMutation({
      mutationFn: (body: { member_ids: string[]; changes: Partial<BulkMemberUpdate['changes']> }) =>
        callApi(routes.bulkUpdateMembers, { params: { communityId }, body }),
      onSettled,
    }),
    bulkDelete: useMutation({
      mutationFn: (ids: string[]) =>
        callApi(routes.bulkDeleteMembers, { params: { communityId }, body: { member_ids: ids } }),
      onSettled,
    }),
    createInvite: useMutation({
      mutationFn: (body: InvitationOptionsInput) => callApi(routes.createInvite, { params: { communityId }, body }),
      onSettled,
    }),
    deleteInvite: useMutation({
      mutationFn: (inviteId: string) => callApi(routes.deleteInvite, { params: { communityId, inviteId } }),
      onSettled,
    }),
    createLink: useMutation({
      mutationFn: (body: { link_name: string; expires_in_days: 7 | 14 | 30 | 90 | 365 }) =>
        callApi(routes.createDirectoryLink, { params: { communityId }, body }),
      onSettled,
    }),
    deleteLink: useMutation({
      mutationFn: (linkId: string) => callApi(routes.deleteDirectoryLink, { params: { communityId, linkId } }),
      onSettled,
    }),
  };
}

/** The changes of the screen. */
export type MemberChanges = ReturnType<typeof useMemberChanges>;
