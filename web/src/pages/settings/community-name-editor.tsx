import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { COMMUNITY_NAME_MAX_LENGTH, CommunityNameFormSchema, type UserCommunity } from '@kehila/shared';
import { messageOr } from '../../api/api-error';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { useCurrentCommunity } from '../../communities/current-community';
import { useToast } from '../../components/toast/use-toast';
import { settingsText as T } from './settings-text';

/**
 * Inline community name editing (S2 §4): display, then editing, then saved or cancelled. Enter
 * saves and Escape cancels; the name is trimmed, not empty ('Name cannot be empty') and at most 100
 * characters. Only the workspace owner gets the Rename button; the server checks again.
 */
export function CommunityNameEditor({ community }: { community: UserCommunity }) {
  const callApi = useCallApi();
  const toast = useToast();
  const { refresh } = useCurrentCommunity();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(community.community_name);
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (name: string) =>
      callApi(routes.renameCommunity, { params: { communityId: community.community_id }, body: { name } }),
    // The list is re-read before the editor closes, so the name shown (and offered to the next
    // rename) is the new one the moment the toast says so.
    onSuccess: async () => {
      await refresh();
      setEditing(false);
      toast.success(T.renamed);
    },
    onError: (err) => {
      toast.error(T.renameFailed);
      setError(messageOr(err, T.renameInlineFailed));
    },
  });

  const name = (
    <Box fontWeight="bold">
      <span dir="auto">{community.display_name}</span>
    </Box>
  );
  if (!community.is_owner) return name;
  if (!editing) {
    return (
      <SpaceBetween size="xxs" direction="horizontal" alignItems="center">
        {name}
        <Button
          variant="inline-icon"
          iconName="edit"
          ariaLabel={T.renameLabel(community.display_name)}
          onClick={() => {
            setValue(community.community_name);
            setError(null);
            setEditing(true);
          }}
        />
      </SpaceBetween>
    );
  }

  const submit = () => {
    const parsed = CommunityNameFormSchema.safeParse({ name: value });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? T.renameInlineFailed);
    if (parsed.data.name === community.community_name) return setEditing(false);
    save.mutate(parsed.data.name);
  };

  return (
    <FormField errorText={error ?? undefined} constraintText={T.renameHint} stretch>
      <Input
        value={value}
        autoFocus
        invalid={error !== null}
        disabled={save.isPending}
        ariaLabel={T.renameLabel(community.display_name)}
        nativeInputAttributes={{ dir: 'auto', maxLength: COMMUNITY_NAME_MAX_LENGTH }}
        onChange={({ detail }) => {
          setValue(detail.value);
          setError(null);
        }}
        onKeyDown={({ detail }) => {
          if (detail.key === 'Enter') submit();
          if (detail.key === 'Escape') {
            setValue(community.community_name);
            setError(null);
            setEditing(false);
          }
        }}
      />
    </FormField>
  );
}
