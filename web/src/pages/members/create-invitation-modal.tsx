import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import {
  DEFAULT_FIELD_REQUIREMENTS,
  DEFAULT_INVITE_PRIMARY_COLOR,
  DEFAULT_INVITE_REQUIRE_RULES_ACCEPTANCE,
  DEFAULT_INVITE_USE_LOGO,
  INVITE_FIELD_REQUIREMENT_KEYS,
  InvitationOptionsSchema,
  containsGroupId,
  validateForm,
  type FieldRequirementKey,
  type FieldErrors,
} from '@kehila/shared';
import { useCurrentCommunity } from '../../communities/current-community';
import { useCommunity } from '../../communities/use-community';
import { useToast } from '../../components/toast/use-toast';
import { FIELD_LABELS, MEMBERS_TEXTS as T } from './members-texts';
import { useMemberChanges } from './use-members';

/** Create Invitation (S3 §2, §5): every option with the spec's defaults and validation. */
export function CreateInvitationModal({ communityId, onClose }: { communityId: string; onClose: () => void }) {
  const toast = useToast();
  const changes = useMemberChanges(communityId);
  const { community: selected } = useCurrentCommunity();
  const community = useCommunity(communityId).data;
  const prefillName =
    selected?.community_name && !containsGroupId(selected.community_name) ? selected.community_name : '';
  const [f, setF] = useState({
    communityName: prefillName,
    groupRules: community?.group_rules ?? '',
    requireRulesAcceptance: DEFAULT_INVITE_REQUIRE_RULES_ACCEPTANCE,
    maxUses: '',
    expiresAt: '',
    customMessage: '',
    whatsappGroupUrl: community?.whatsapp_group_url ?? '',
    useLogo: DEFAULT_INVITE_USE_LOGO,
    customLogo: false,
    logoUrl: '',
    useCustomColors: false,
    primary: DEFAULT_INVITE_PRIMARY_COLOR,
  });
  const [req, setReq] = useState<Record<FieldRequirementKey, boolean>>({ ...DEFAULT_FIELD_REQUIREMENTS });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (patch: Partial<typeof f>) => setF({ ...f, ...patch });
  const logo = f.customLogo ? f.logoUrl : (community?.logo_url ?? '');

  const submit = () => {
    const input = {
      communityName: f.communityName,
      groupRules: f.groupRules,
      requireRulesAcceptance: f.requireRulesAcceptance,
      maxUses: f.maxUses.trim() === '' ? null : Number(f.maxUses),
      expiresAt: f.expiresAt ? `${f.expiresAt}T23:59:59.999Z` : null,
      customMessage: f.customMessage,
      whatsappGroupUrl: f.whatsappGroupUrl,
      useLogo: f.useLogo,
      logoUrl: f.customLogo ? f.logoUrl : null,
      useCustomColors: f.useCustomColors,
      customColorScheme: f.useCustomColors ? { primary: f.primary } : null,
      fieldRequirements: req,
    };
    const checked = validateForm(InvitationOptionsSchema, input);
    setErrors(checked.errors);
    if (!checked.valid) return;
    changes.createInvite.mutate(input, {
      onSuccess: () => {
        toast.success(T.invitationCreated);
        onClose();
      },
      onError: () => toast.error(T.invitationFailed),
    });
  };

  return (
    <Modal
      visible
      size="large"
      onDismiss={onClose}
      header={T.createInvitation}
      footer={
        <Box float="right">
          <SpaceBetween size="xs" direction="horizontal">
            <Button onClick={onClose}>{T.cancel}</Button>
            <Button
              variant="primary"
              loading={changes.createInvite.isPending}
              onClick={submit}
              data-testid="create-invitation-submit"
            >
              {T.createInvitation}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {/* a boolean, not an empty logo address: SpaceBetween wraps a text child in a div without a key */}
        {f.useLogo && logo !== '' && <img src={logo} alt="" style={{ maxHeight: 56 }} />}
        <FormField label={T.communityName} errorText={errors.communityName}>
          <Input value={f.communityName} onChange={({ detail }) => set({ communityName: detail.value })} />
        </FormField>
        <FormField label={T.groupRules} errorText={errors.groupRules}>
          <Textarea value={f.groupRules} onChange={({ detail }) => set({ groupRules: detail.value })} />
        </FormField>
        <Toggle
          checked={f.requireRulesAcceptance}
          onChange={({ detail }) => set({ requireRulesAcceptance: detail.checked })}
        >
          {T.requireRules}
        </Toggle>
        <ColumnLayout columns={2}>
          <FormField label={T.maxUses} description={T.maxUsesHint} errorText={errors.maxUses}>
            <Input
              type="number"
              inputMode="numeric"
              value={f.maxUses}
              onChange={({ detail }) => set({ maxUses: detail.value })}
            />
          </FormField>
          <FormField label={T.expirationDate} errorText={errors.expiresAt}>
            <DatePicker
              value={f.expiresAt}
              placeholder="YYYY/MM/DD"
              onChange={({ detail }) => set({ expiresAt: detail.value })}
            />
          </FormField>
        </ColumnLayout>
        <FormField label={T.welcomeMessage} errorText={errors.customMessage}>
          <Textarea value={f.customMessage} onChange={({ detail }) => set({ customMessage: detail.value })} />
        </FormField>
        <FormField label={T.whatsappUrl} errorText={errors.whatsappGroupUrl}>
          <Input
            type="url"
            value={f.whatsappGroupUrl}
            onChange={({ detail }) => set({ whatsappGroupUrl: detail.value })}
          />
        </FormField>
        <Toggle checked={f.useLogo} onChange={({ detail }) => set({ useLogo: detail.checked })}>
          {T.showLogo}
        </Toggle>
        <Toggle checked={f.customLogo} onChange={({ detail }) => set({ customLogo: detail.checked })}>
          {T.customLogo}
        </Toggle>
        {f.customLogo && (
          <FormField label={T.logoUrl} errorText={errors.logoUrl}>
            <Input type="url" value={f.logoUrl} onChange={({ detail }) => set({ logoUrl: detail.value })} />
          </FormField>
        )}
        <Toggle checked={f.useCustomColors} onChange={({ detail }) => set({ useCustomColors: detail.checked })}>
          {T.customColors}
        </Toggle>
        {f.useCustomColors && (
          <FormField label={T.primaryColor} errorText={errors['customColorScheme.primary']}>
            <SpaceBetween size="xs" direction="horizontal" alignItems="center">
              <Input value={f.primary} onChange={({ detail }) => set({ primary: detail.value })} />
              <input
                type="color"
                aria-label={T.primaryColor}
                value={/^#[0-9a-fA-F]{6}$/.test(f.primary) ? f.primary : DEFAULT_INVITE_PRIMARY_COLOR}
                onChange={(e) => set({ primary: e.target.value })}
              />
            </SpaceBetween>
          </FormField>
        )}
        <FormField label={T.fieldRequirements} description={T.alwaysRequired}>
          <ColumnLayout columns={3}>
            {INVITE_FIELD_REQUIREMENT_KEYS.map((k) => (
              <Toggle key={k} checked={req[k]} onChange={({ detail }) => setReq({ ...req, [k]: detail.checked })}>
                {FIELD_LABELS[k]}
              </Toggle>
            ))}
          </ColumnLayout>
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}
