import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Textarea from '@cloudscape-design/components/textarea';
import {
  PROMPT_EDITOR_ROWS_SYSTEM,
  PROMPT_EDITOR_ROWS_USER,
  SUMMARY_PROMPT_TEMPLATE_VARIABLES,
  type PromptHistoryItem,
  type PromptName,
} from '@kehila/shared';
import { routes } from '../../api/routes';
import { messageOr } from '../../api/api-error';
import { useCallApi } from '../../api/use-call-api';
import { useToast } from '../../components/toast/use-toast';
import { promptText as T } from './summary-settings-text';
import styles from './summary-settings.module.css';

const keysOf = (communityId: string) => ({
  prompts: ['summary-prompts', communityId] as const,
  history: ['summary-prompts', communityId, 'history'] as const,
});

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * The AI Summary Prompt Manager (S2 §2.4, §3): loads the community's system and user prompts, edits
 * one at a time with a Modified/Saved state, Reset to the saved text, Save as New Version, and the
 * version history with Restore. Admins only (the server refuses anyone else).
 */
export function SummaryPromptManager({ communityId }: { communityId: string }) {
  const callApi = useCallApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const keys = keysOf(communityId);
  const [name, setName] = useState<PromptName>('system_prompt');
  const [drafts, setDrafts] = useState<Partial<Record<PromptName, string>>>({});

  const prompts = useQuery({
    queryKey: keys.prompts,
    queryFn: ({ signal }) => callApi(routes.getSummaryPrompts, { params: { communityId }, signal }),
  });
  const history = useQuery({
    queryKey: keys.history,
    queryFn: ({ signal }) => callApi(routes.getPromptHistory, { params: { communityId }, signal }),
  });
  useEffect(() => {
    if (prompts.isError) toast.error(T.loadFailed);
  }, [prompts.isError, toast]);
  useEffect(() => {
    if (history.isError) toast.error(T.historyFailed);
  }, [history.isError, toast]);

  const refresh = async (saved: PromptName) => {
    setDrafts((d) => ({ ...d, [saved]: undefined }));
    await queryClient.invalidateQueries({ queryKey: ['summary-prompts', communityId] });
  };
  const save = useMutation({
    mutationFn: (content: string) =>
      callApi(routes.saveSummaryPrompt, {
        params: { communityId },
        body: { prompt_name: name, prompt_content: content },
      }),
    onSuccess: async (v) => {
      toast.success(T.savedToast);
      await refresh(v.prompt_name);
    },
    onError: (error) => toast.error(messageOr(error, T.saveFailed)),
  });
  const restore = useMutation({
    mutationFn: (v: PromptHistoryItem) =>
      callApi(routes.restorePromptVersion, { params: { communityId, versionId: v.id } }),
    onSuccess: async (v) => {
      toast.success(T.restoredToast);
      setName(v.prompt_name);
      await refresh(v.prompt_name);
    },
    onError: (error) => toast.error(messageOr(error, T.saveFailed)),
  });

  const loaded = prompts.data;
  const saved = loaded ? loaded[name] : '';
  const text = drafts[name] ?? saved;
  const modified = loaded !== undefined && text !== saved;
  const version = loaded ? loaded[name === 'system_prompt' ? 'system_prompt_version' : 'user_prompt_version'] : null;
  const versions = (history.data?.items ?? []).filter((v) => v.prompt_name === name);

  let body;
  if (prompts.isPending) body = <Spinner />;
  else if (prompts.isError) body = <Alert type="error">{T.loadFailed}</Alert>;
  else
    body = (
      <SpaceBetween size="m">
        <SegmentedControl
          label="Prompt"
          selectedId={name}
          options={[
            { id: 'system_prompt', text: T.system },
            { id: 'user_prompt', text: T.user },
          ]}
          onChange={({ detail }) => setName(detail.selectedId as PromptName)}
        />
        <SpaceBetween size="xs" direction="horizontal" alignItems="center">
          <Box variant="h3" margin={{ vertical: 'n' }}>
            {name === 'system_prompt' ? T.system : T.user}
          </Box>
          {/* S2 §4: each prompt is 'Modified' or 'Saved' (the default prompt, never edited, is saved: grey) */}
          {modified ? (
            <Badge color="severity-medium">{T.modified}</Badge>
          ) : (
            <Badge color={version ? 'green' : 'grey'}>{T.saved}</Badge>
          )}
        </SpaceBetween>
        <Textarea
          ariaLabel={name === 'system_prompt' ? T.system : T.user}
          rows={name === 'system_prompt' ? PROMPT_EDITOR_ROWS_SYSTEM : PROMPT_EDITOR_ROWS_USER}
          value={text}
          onChange={({ detail }) => setDrafts((d) => ({ ...d, [name]: detail.value }))}
          nativeTextareaAttributes={{ dir: 'auto' }}
        />
        {name === 'user_prompt' && (
          <Box fontSize="body-s" color="text-body-secondary">
            {T.variables}:{' '}
            {SUMMARY_PROMPT_TEMPLATE_VARIABLES.map((v) => (
              <code key={v} className={styles.variable}>{`{{${v}}}`}</code>
            ))}
            <br />
            {T.variablesHelp}
          </Box>
        )}
        <SpaceBetween size="xs" direction="horizontal">
          <Button disabled={!modified} onClick={() => setDrafts((d) => ({ ...d, [name]: undefined }))}>
            {T.reset}
          </Button>
          <Button
            variant="primary"
            disabled={!modified || !text.trim()}
            loading={save.isPending}
            onClick={() => save.mutate(text)}
          >
            {T.save}
          </Button>
        </SpaceBetween>
        <ExpandableSection headerText={T.history}>
          {history.isError ? (
            <Alert type="error">{T.historyFailed}</Alert>
          ) : versions.length === 0 ? (
            <Box color="text-body-secondary">{T.noHistory}</Box>
          ) : (
            <ul className={styles.history} aria-label={T.history}>
              {versions.map((v) => (
                <li key={v.id} className={styles.version}>
                  <SpaceBetween size="xxs">
                    <SpaceBetween size="xs" direction="horizontal" alignItems="center">
                      <Box fontWeight="bold">{when(v.created_at)}</Box>
                      {v.is_active && <Badge color="green">{T.active}</Badge>}
                    </SpaceBetween>
                    <div className={styles.versionText} dir="auto">
                      {v.prompt_content}
                    </div>
                  </SpaceBetween>
                  {!v.is_active && (
                    <Button
                      ariaLabel={T.restoreLabel(when(v.created_at))}
                      loading={restore.isPending && restore.variables?.id === v.id}
                      onClick={() => restore.mutate(v)}
                    >
                      {T.restore}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </ExpandableSection>
      </SpaceBetween>
    );

  return (
    <Container
      header={
        <Header variant="h2" description={T.description}>
          {T.title}
        </Header>
      }
    >
      {body}
    </Container>
  );
}
