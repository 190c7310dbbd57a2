import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import {
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  THEME_COLOR_PRESETS,
  THEME_FONT_PRESETS,
  ThemeFormSchema,
  type CommunityTheme,
} from '@kehila/shared';
import { messageOr } from '../../api/api-error';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { useCurrentCommunity } from '../../communities/current-community';
import { useToast } from '../../components/toast/use-toast';
import { uploadWithProgress } from '../messages/use-chat-import';
import { CommunityLogo } from '../../theme/community-logo';
import { themeQueryKey, useCommunityTheme } from '../../theme/theme-query';
import { ownerName } from './workspace-ownership';
import { useOwnership } from './use-ownership';
import { settingsText as T } from './settings-text';
import styles from './settings.module.css';

const CUSTOM = 'custom';

interface Draft {
  readonly primary_color: string;
  readonly font_family: string;
  readonly logo_url: string | null;
}

const draftOf = (t: CommunityTheme): Draft => ({
  primary_color: t.primary_color,
  font_family: t.font_family,
  logo_url: t.logo_url,
});

const sameDraft = (a: Draft, b: Draft) =>
  a.primary_color.toLowerCase() === b.primary_color.toLowerCase() &&
  a.font_family === b.font_family &&
  a.logo_url === b.logo_url;

/** Uploads a logo: a presigned form (type and 2 MB enforced by the storage), the file, then its check and publication. */
function useLogoUpload(communityId: string) {
  const callApi = useCallApi();
  return useMutation({
    mutationFn: async (file: File) => {
      const type = LOGO_CONTENT_TYPES.find((t) => t === file.type);
      if (!type) throw new Error(T.logoImagesOnly);
      if (file.size > LOGO_MAX_BYTES) throw new Error(T.logoTooLarge);
      const { upload_id, upload } = await callApi(routes.createLogoUpload, {
        params: { communityId },
        body: { content_type: type, size: file.size },
      });
      await uploadWithProgress(new XMLHttpRequest(), upload, file, () => undefined);
      return callApi(routes.publishLogo, { params: { communityId, uploadId: upload_id } });
    },
  });
}

/** The logo field: the current logo (or none), a file chooser for images only, and Remove. */
function LogoField({
  communityId,
  name,
  value,
  onChange,
}: {
  communityId: string;
  name: string;
  value: string | null;
  onChange: (url: string | null) => void;
}) {
  const upload = useLogoUpload(communityId);
  const [error, setError] = useState<string | null>(null);
  return (
    <FormField label={T.logo} description={T.logoHint} errorText={error ?? undefined}>
      <SpaceBetween size="s">
        <div className={styles.logoPreview}>
          {value ? <CommunityLogo url={value} name={name} height={48} /> : <Box color="text-body-secondary">{T.noLogo}</Box>}
        </div>
        <SpaceBetween size="xs" direction="horizontal" alignItems="center">
          <FileUpload
            value={[]}
            accept={LOGO_CONTENT_TYPES.join(',')}
            i18nStrings={{ uploadButtonText: () => T.chooseLogo }}
            onChange={({ detail }) => {
              const file = detail.value[0];
              if (!file) return;
              setError(null);
              upload.mutate(file, {
                onSuccess: (res) => onChange(res.logo_url),
                onError: (err) => setError(err instanceof Error && !('code' in err) ? err.message : messageOr(err, T.logoFailed)),
              });
            }}
          />
          {value && (
            <Button variant="link" onClick={() => onChange(null)}>
              {T.removeLogo}
            </Button>
          )}
          {upload.isPending && <StatusIndicator type="loading">{T.uploadingLogo}</StatusIndicator>}
        </SpaceBetween>
      </SpaceBetween>
    </FormField>
  );
}

/** Primary colour: the S2 §9 presets, a colour picker and its hex text (S2 §5 Theme form). */
function ColorField({ value, error, onChange }: { value: string; error: string | null; onChange: (v: string) => void }) {
  const picker = /^#[0-9a-fA-F]{6}$/.test(value) ? value : '#000000';
  return (
    <FormField label={T.primaryColor} errorText={error ?? undefined}>
      <SpaceBetween size="s">
        <div className={styles.swatches} role="radiogroup" aria-label={T.primaryColor}>
          {THEME_COLOR_PRESETS.map((p) => {
            const checked = p.value.toLowerCase() === value.toLowerCase();
            return (
              <button
                key={p.value}
                type="button"
                role="radio"
                aria-checked={checked}
                className={styles.swatch}
                data-checked={checked || undefined}
                onClick={() => onChange(p.value)}
              >
                <span className={styles.swatchColor} style={{ background: p.value }} aria-hidden="true" />
                {p.name}
              </button>
            );
          })}
        </div>
        <SpaceBetween size="xs" direction="horizontal" alignItems="center">
          <input
            type="color"
            className={styles.colorPicker}
            aria-label={T.customColor}
            value={picker}
            onChange={(e) => onChange(e.target.value)}
          />
          <Input
            value={value}
            ariaLabel={T.hex}
            invalid={error !== null}
            nativeInputAttributes={{ dir: 'ltr' }}
            onChange={({ detail }) => onChange(detail.value.trim())}
          />
        </SpaceBetween>
      </SpaceBetween>
    </FormField>
  );
}

/** Font family: the 11 presets of S2 §9 plus Custom, whose text is the CSS font-family list. */
function FontField({ value, error, onChange }: { value: string; error: string | null; onChange: (v: string) => void }) {
  const preset = THEME_FONT_PRESETS.find((f) => f.value === value);
  const [custom, setCustom] = useState(!preset);
  const options = [
    ...THEME_FONT_PRESETS.map((f) => ({ value: f.value, label: f.name, tags: [f.value] })),
    { value: CUSTOM, label: T.customFont },
  ];
  const selected = custom ? options[options.length - 1] : options.find((o) => o.value === value);
  return (
    <SpaceBetween size="s">
      <FormField label={T.font}>
        <Select
          selectedOption={selected ?? null}
          options={options}
          onChange={({ detail }) => {
            const v = detail.selectedOption.value ?? '';
            setCustom(v === CUSTOM);
            if (v !== CUSTOM) onChange(v);
          }}
        />
      </FormField>
      {custom && (
        <FormField label={T.customFontLabel} errorText={error ?? undefined}>
          <Input value={value} invalid={error !== null} onChange={({ detail }) => onChange(detail.value)} />
        </FormField>
      )}
    </SpaceBetween>
  );
}

/**
 * The owner's theme form (S2 §2.4, §4, §5): logo, primary colour, font, a preview in the chosen
 * colour and font, and Save, which reads 'All Saved' (or 'Saved' after a save) and is disabled while
 * nothing changed. A save updates the theme query, so the whole app takes it at once.
 */
function ThemeForm({ theme, communityName }: { theme: CommunityTheme; communityName: string }) {
  const callApi = useCallApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const saved = draftOf(theme);
  const [draft, setDraft] = useState<Draft>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [justSaved, setJustSaved] = useState(false);
  const changed = !sameDraft(draft, saved);
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors({});
    setJustSaved(false);
  };

  const save = useMutation({
    mutationFn: (body: Draft) => callApi(routes.saveTheme, { params: { communityId: theme.community_id }, body }),
    onSuccess: (next) => {
      queryClient.setQueryData(themeQueryKey(theme.community_id), next);
      setDraft(draftOf(next));
      setJustSaved(true);
      toast.success(T.themeSaved);
    },
    onError: (err) => toast.error(messageOr(err, T.themeFailed)),
  });

  const submit = () => {
    const parsed = ThemeFormSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    save.mutate(parsed.data);
  };

  return (
    <Container
      header={
        <Header
          variant="h2"
          description={T.themeIntro}
          actions={
            <Button variant="primary" disabled={!changed} loading={save.isPending} onClick={submit}>
              {changed ? 'Save Changes' : justSaved ? T.saved : T.allSaved}
            </Button>
          }
        >
          {T.themeTitle}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <LogoField
          communityId={theme.community_id}
          name={communityName}
          value={draft.logo_url}
          onChange={(logo_url) => set({ logo_url })}
        />
        <ColorField
          value={draft.primary_color}
          error={errors.primary_color ?? null}
          onChange={(primary_color) => set({ primary_color })}
        />
        <FontField
          value={draft.font_family}
          error={errors.font_family ?? null}
          onChange={(font_family) => set({ font_family })}
        />
        <FormField label={T.preview}>
          <div className={styles.preview} style={{ fontFamily: draft.font_family }}>
            <span className={styles.previewButton} style={{ background: draft.primary_color }}>
              {T.previewButton}
            </span>
            <span style={{ color: draft.primary_color, textDecoration: 'underline' }}>{T.previewLink}</span>
          </div>
        </FormField>
      </SpaceBetween>
    </Container>
  );
}

/** What a non-owner sees (S2 §6): the theme as it is, who owns it, and the spec's words. */
function ThemeReadOnly({ theme, role, communityName }: { theme: CommunityTheme; role: 'Admin' | 'Member'; communityName: string }) {
  const ownership = useOwnership(theme.community_id);
  const font = THEME_FONT_PRESETS.find((f) => f.value === theme.font_family)?.name ?? theme.font_family;
  const color = THEME_COLOR_PRESETS.find((c) => c.value.toLowerCase() === theme.primary_color.toLowerCase());
  return (
    <Container header={<Header variant="h2">{T.themeTitle}</Header>}>
      <SpaceBetween size="m">
        {role === 'Admin' ? (
          <Alert type="info" header={<span dir="auto">{T.workspaceOwner(ownerName(ownership.data))}</span>}>
            {T.ownerManagesTheme}
          </Alert>
        ) : (
          <Alert type="info">
            <span dir="auto">{T.contactOwner(ownerName(ownership.data))}</span>
          </Alert>
        )}
        <div className={styles.logoPreview}>
          {theme.logo_url ? (
            <CommunityLogo url={theme.logo_url} name={communityName} height={48} />
          ) : (
            <Box color="text-body-secondary">{T.noLogo}</Box>
          )}
        </div>
        <SpaceBetween size="xs" direction="horizontal" alignItems="center">
          <span className={styles.swatchColor} style={{ background: theme.primary_color }} aria-hidden="true" />
          <Box>
            {T.primaryColor}: {color ? `${color.name} ` : ''}
            <span dir="ltr">{theme.primary_color}</span>
          </Box>
        </SpaceBetween>
        <Box>
          {T.font}: <span style={{ fontFamily: theme.font_family }}>{font}</span>
        </Box>
      </SpaceBetween>
    </Container>
  );
}

/** The Appearance tab (S2 §2.4): Theme and Branding of the selected community. */
export function AppearanceTab() {
  const { community } = useCurrentCommunity();
  const theme = useCommunityTheme(community?.community_id ?? null);
  if (!community) return null;
  if (theme.isError) return <StatusIndicator type="error">{T.themeLoadFailed}</StatusIndicator>;
  if (!theme.data) return <StatusIndicator type="loading">{T.themeTitle}</StatusIndicator>;
  return theme.data.can_edit ? (
    <ThemeForm key={`${theme.data.community_id}`} theme={theme.data} communityName={community.display_name} />
  ) : (
    <ThemeReadOnly theme={theme.data} role={community.role} communityName={community.display_name} />
  );
}
