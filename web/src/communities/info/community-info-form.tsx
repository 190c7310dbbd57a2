import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import {
  AdminGenderSchema,
  COMMUNITY_INFO_LIMITS,
  COMMUNITY_INFO_MESSAGES,
  CommunityInfoFormSchema,
  communityInfoFormValues,
  GroupLanguageSchema,
  SETTINGS_MESSAGES,
  SummaryDestinationSchema,
  validateForm,
  type Community,
  type FieldErrors,
} from '@kehila/shared';
import { routes } from '../../api/routes';
import { messageOr } from '../../api/api-error';
import { useCallApi } from '../../api/use-call-api';
import { useToast } from '../../components/toast/use-toast';
import { communityQueryKey } from '../use-community';
import { BusinessFocusField } from './business-focus-field';
import { communityInfoText as T } from './community-info-text';

/** The form's values: every field of the S1 §5 table, as the inputs hold them. */
export type CommunityInfoValues = ReturnType<typeof communityInfoFormValues>;
type Field = keyof CommunityInfoValues;
type TabId = 'basic' | 'business' | 'automation' | 'advanced';

/** Which tab shows each field, so a failed save can open the tab of the first error. */
const TAB_OF: Record<Field, TabId> = {
  group_description: 'basic',
  group_goals: 'basic',
  admin_name: 'basic',
  admin_gender: 'basic',
  group_language: 'basic',
  admin_phone: 'basic',
  business_focus: 'business',
  summary_destination: 'automation',
  weekly_summary: 'automation',
  daily_summary: 'automation',
  member_onboarding_info: 'automation',
  meaningful_id: 'advanced',
  group_rules: 'advanced',
  pine_coin_manager_id: 'advanced',
};

const FIELD_ORDER = Object.keys(TAB_OF) as Field[];

/** A label marked optional the Cloudscape way ("Label - optional"). */
function optional(label: string): ReactNode {
  return (
    <>
      {label} <i>- {T.optional}</i>
    </>
  );
}
const L = COMMUNITY_INFO_LIMITS;

/** Props of the community information form. */
export interface CommunityInfoFormProps {
  /** The community being described; null when there is none (the save then refuses, S2 §5). */
  readonly community: Community | null;
  /** Called with the saved community after the success toast. */
  readonly onSaved: (community: Community) => void;
  /** Shown as Cancel; the form resets to the saved values and clears its errors first (S1 §4). */
  readonly onCancel?: () => void;
  /** The failure text when the server gives none (the card's, or onboarding's). */
  readonly failureText?: string;
  /** Extra buttons beside Save (Skip in the connect flows). */
  readonly secondaryActions?: ReactNode;
  readonly saveLabel?: string;
}

/** Saves the form through `PUT /api/communities/{id}/info` and refreshes what shows the community. */
function useSaveCommunityInfo() {
  const callApi = useCallApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReturnType<typeof CommunityInfoFormSchema.parse> }) =>
      callApi(routes.updateCommunityInfo, { params: { communityId: id }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(communityQueryKey(saved.id), saved);
      // The list's display names and the onboarding state read the same record.
      void queryClient.invalidateQueries({ queryKey: ['communities'] });
      void queryClient.invalidateQueries({ queryKey: ['onboarding'] });
    },
  });
}

/**
 * The community information form (S1 §2, §5): tabs Basic Info, Business, Automation and Advanced
 * covering every field of the S1 §5 table with its limit and message; the description's counter;
 * meaningful_id forced to lowercase; summary options with their defaults. Field errors clear on
 * change; an invalid save toasts 'Please fill in all required fields', one without a community
 * 'Community ID not found. Please try connecting again.'
 */
export function CommunityInfoForm({
  community,
  onSaved,
  onCancel,
  failureText = T.updateFailed,
  secondaryActions,
  saveLabel = T.save,
}: CommunityInfoFormProps) {
  const toast = useToast();
  const save = useSaveCommunityInfo();
  const [values, setValues] = useState<CommunityInfoValues>(() => communityInfoFormValues(community));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tab, setTab] = useState<TabId>('basic');

  const set = <K extends Field>(field: K, value: CommunityInfoValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => {
      if (!(field in e)) return e;
      const rest = { ...e };
      delete rest[field];
      return rest;
    });
  };

  const submit = () => {
    if (!community) {
      // S2 §5: a metadata update needs its community.
      toast.error(SETTINGS_MESSAGES.communityIdMissing);
      return;
    }
    const result = validateForm(CommunityInfoFormSchema, values);
    if (!result.valid) {
      setErrors(result.errors);
      const first = FIELD_ORDER.find((f) => f in result.errors);
      if (first) setTab(TAB_OF[first]);
      toast.error(COMMUNITY_INFO_MESSAGES.submitInvalid);
      return;
    }
    setErrors({});
    save.mutate(
      { id: community.id, body: result.data },
      {
        onSuccess: (saved) => {
          toast.success(T.updated);
          setValues(communityInfoFormValues(saved));
          onSaved(saved);
        },
        onError: (error) => toast.error(messageOr(error, failureText)),
      },
    );
  };

  const cancel = () => {
    setValues(communityInfoFormValues(community));
    setErrors({});
    setTab('basic');
    onCancel?.();
  };

  const err = (field: Field) => errors[field];
  const text = (
    field: Field & keyof typeof L,
    label: ReactNode,
    options: { rows?: number; hint?: string; counter?: boolean } = {},
  ) => {
    const value = values[field] as string;
    const control = options.rows ? (
      <Textarea
        value={value}
        rows={options.rows}
        invalid={Boolean(err(field))}
        nativeTextareaAttributes={{ dir: 'auto' }}
        onChange={({ detail }) => set(field, detail.value)}
      />
    ) : (
      <Input
        value={value}
        invalid={Boolean(err(field))}
        nativeInputAttributes={{ dir: 'auto' }}
        onChange={({ detail }) => set(field, detail.value)}
      />
    );
    return (
      <FormField
        label={label}
        description={options.hint}
        errorText={err(field)}
        constraintText={options.counter ? T.counter(value.length, L[field]) : undefined}
      >
        {control}
      </FormField>
    );
  };

  const genderOptions = AdminGenderSchema.options.map((g) => ({ value: g, label: g }));
  const languageOptions = GroupLanguageSchema.options.map((l) => ({ value: l, label: l }));

  return (
    <Form
      actions={
        <SpaceBetween size="xs" direction="horizontal">
          {secondaryActions}
          {onCancel && (
            <Button variant="link" onClick={cancel} disabled={save.isPending}>
              {T.cancel}
            </Button>
          )}
          <Button variant="primary" onClick={submit} loading={save.isPending} loadingText={T.saving}>
            {save.isPending ? T.saving : saveLabel}
          </Button>
        </SpaceBetween>
      }
    >
      <Tabs
        activeTabId={tab}
        onChange={({ detail }) => setTab(detail.activeTabId as TabId)}
        tabs={[
          {
            id: 'basic',
            label: T.tabs.basic,
            content: (
              <SpaceBetween size="l">
                {text('group_description', T.groupDescription, {
                  rows: 3,
                  hint: T.groupDescriptionHint,
                  counter: true,
                })}
                {text('group_goals', T.groupGoals, { rows: 3, hint: T.groupGoalsHint })}
                <ColumnLayout columns={2}>
                  {text('admin_name', T.adminName)}
                  <FormField label={optional(T.adminPhone)} errorText={err('admin_phone')}>
                    <Input
                      inputMode="tel"
                      value={values.admin_phone}
                      invalid={Boolean(err('admin_phone'))}
                      nativeInputAttributes={{ dir: 'ltr' }}
                      onChange={({ detail }) => set('admin_phone', detail.value)}
                    />
                  </FormField>
                  <FormField label={T.adminGender} errorText={err('admin_gender')}>
                    <Select
                      selectedOption={genderOptions.find((o) => o.value === values.admin_gender) ?? null}
                      options={genderOptions}
                      placeholder={T.adminGenderPlaceholder}
                      invalid={Boolean(err('admin_gender'))}
                      onChange={({ detail }) => set('admin_gender', detail.selectedOption.value ?? '')}
                    />
                  </FormField>
                  <FormField label={T.groupLanguage} errorText={err('group_language')}>
                    <Select
                      selectedOption={languageOptions.find((o) => o.value === values.group_language) ?? null}
                      options={languageOptions}
                      invalid={Boolean(err('group_language'))}
                      onChange={({ detail }) => set('group_language', detail.selectedOption.value ?? '')}
                    />
                  </FormField>
                </ColumnLayout>
              </SpaceBetween>
            ),
          },
          {
            id: 'business',
            label: T.tabs.business,
            content: (
              <BusinessFocusField value={values.business_focus} onChange={(tags) => set('business_focus', tags)} />
            ),
          },
          {
            id: 'automation',
            label: T.tabs.automation,
            content: (
              <SpaceBetween size="l">
                <FormField label={T.summaryDestination} errorText={err('summary_destination')}>
                  <RadioGroup
                    value={values.summary_destination}
                    items={SummaryDestinationSchema.options.map((d) => ({ value: d, label: T.destinations[d] }))}
                    onChange={({ detail }) => set('summary_destination', detail.value)}
                  />
                </FormField>
                <Toggle
                  checked={values.weekly_summary}
                  onChange={({ detail }) => set('weekly_summary', detail.checked)}
                >
                  {T.weeklySummary}
                </Toggle>
                <Toggle checked={values.daily_summary} onChange={({ detail }) => set('daily_summary', detail.checked)}>
                  {T.dailySummary}
                </Toggle>
                {text('member_onboarding_info', optional(T.memberOnboardingInfo), { rows: 4 })}
              </SpaceBetween>
            ),
          },
          {
            id: 'advanced',
            label: T.tabs.advanced,
            content: (
              <SpaceBetween size="l">
                <FormField
                  label={optional(T.meaningfulId)}
                  description={T.meaningfulIdHint}
                  errorText={err('meaningful_id')}
                >
                  <Input
                    value={values.meaningful_id}
                    invalid={Boolean(err('meaningful_id'))}
                    nativeInputAttributes={{ dir: 'ltr', autoCapitalize: 'none' }}
                    // S1 §5: forced to lowercase as it is typed.
                    onChange={({ detail }) => set('meaningful_id', detail.value.toLowerCase())}
                  />
                </FormField>
                {text('group_rules', optional(T.groupRules), { rows: 4 })}
                {text('pine_coin_manager_id', optional(T.pineCoinManagerId))}
              </SpaceBetween>
            ),
          },
        ]}
      />
    </Form>
  );
}
