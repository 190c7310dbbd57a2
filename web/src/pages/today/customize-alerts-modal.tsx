import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Toggle from '@cloudscape-design/components/toggle';
import {
  ALERT_MAX_PER_HOUR_LIMIT,
  AlertRuleInputSchema,
  INVITE_FORM_COUNTRIES,
  validateForm,
  type AlertRule,
  type FieldErrors,
} from '@kehila/shared';
import { messageOr } from '../../api/api-error';
import { ApiRequestError } from '../../api/client';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { useToast } from '../../components/toast/use-toast';
import { ALERT_TEXTS as T } from './today-texts';

interface Form {
  enabled: boolean;
  on_urgent: boolean;
  on_toxic: boolean;
  max_per_hour: string;
  country_code: string;
  phone: string;
}

const formOf = (r: AlertRule): Form => ({
  enabled: r.enabled,
  on_urgent: r.on_urgent,
  on_toxic: r.on_toxic,
  max_per_hour: String(r.max_per_hour),
  country_code: r.country_code,
  phone: r.phone,
});

/** The query key of a community's alert rule. */
export const alertRuleKey = (communityId: string) => ['alert-rule', communityId] as const;

/**
 * Customize Alerts (S3 Home dashboard quick action): the admin is told on WhatsApp of a high-urgency
 * or toxic message, at most N per hour. Validated with the route's own schema before it is sent; the
 * server checks it again.
 */
export function CustomizeAlertsModal({ communityId, onClose }: { communityId: string; onClose: () => void }) {
  const callApi = useCallApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const rule = useQuery({
    queryKey: alertRuleKey(communityId),
    queryFn: ({ signal }) => callApi(routes.getAlertRule, { params: { communityId }, signal }),
  });
  const [f, setF] = useState<Form | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (rule.data) setF(formOf(rule.data));
  }, [rule.data]);

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof inputOf>) => callApi(routes.saveAlertRule, { params: { communityId }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(alertRuleKey(communityId), saved);
      toast.success(saved.enabled ? T.savedOn(saved.max_per_hour) : T.savedOff);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.issues?.length)
        setErrors(Object.fromEntries(error.issues.map((i) => [i.path, i.message])));
    },
  });

  const inputOf = (form: Form) => ({
    enabled: form.enabled,
    on_urgent: form.on_urgent,
    on_toxic: form.on_toxic,
    max_per_hour: form.max_per_hour.trim() === '' ? Number.NaN : Number(form.max_per_hour),
    country_code: form.country_code,
    phone: form.phone,
  });
  const submit = () => {
    if (!f) return;
    const input = inputOf(f);
    const checked = validateForm(AlertRuleInputSchema, input);
    setErrors(checked.errors);
    if (checked.valid) save.mutate(input);
  };
  const set = (patch: Partial<Form>) => f && setF({ ...f, ...patch });
  const countries = INVITE_FORM_COUNTRIES.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }));

  let body;
  if (rule.isError) body = <Alert type="error">{messageOr(rule.error, T.loadFailed)}</Alert>;
  else if (!f) body = <Spinner />;
  else
    body = (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <SpaceBetween size="m">
          <Box color="text-body-secondary">{T.description}</Box>
          <Toggle checked={f.enabled} onChange={({ detail }) => set({ enabled: detail.checked })}>
            {T.enabled}
          </Toggle>
          {/* plain checkboxes, so each is named by its own text (a form field would name both by its label) */}
          <div role="group" aria-labelledby="alert-kinds">
            <SpaceBetween size="xxs">
              <Box variant="awsui-key-label" id="alert-kinds">
                {T.when}
              </Box>
              <Checkbox
                checked={f.on_urgent}
                disabled={!f.enabled}
                onChange={({ detail }) => set({ on_urgent: detail.checked })}
              >
                {T.onUrgent}
              </Checkbox>
              <Checkbox
                checked={f.on_toxic}
                disabled={!f.enabled}
                onChange={({ detail }) => set({ on_toxic: detail.checked })}
              >
                {T.onToxic}
              </Checkbox>
              {errors.on_urgent && <StatusIndicator type="error">{errors.on_urgent}</StatusIndicator>}
            </SpaceBetween>
          </div>
          <FormField
            label={T.maxPerHour}
            constraintText={T.maxPerHourHint(ALERT_MAX_PER_HOUR_LIMIT)}
            errorText={errors.max_per_hour}
          >
            <Input
              type="number"
              inputMode="numeric"
              disabled={!f.enabled}
              value={f.max_per_hour}
              onChange={({ detail }) => set({ max_per_hour: detail.value })}
            />
          </FormField>
          <ColumnLayout columns={2} minColumnWidth={140}>
            <FormField label={T.countryCode} errorText={errors.country_code}>
              <Select
                disabled={!f.enabled}
                selectedOption={countries.find((c) => c.value === f.country_code) ?? null}
                options={countries}
                onChange={({ detail }) => set({ country_code: detail.selectedOption.value ?? '' })}
              />
            </FormField>
            <FormField label={T.phone} constraintText={T.phoneHint} errorText={errors.phone}>
              <Input
                type="text"
                inputMode="tel"
                disabled={!f.enabled}
                value={f.phone}
                onChange={({ detail }) => set({ phone: detail.value })}
              />
            </FormField>
          </ColumnLayout>
          {save.isError && !(save.error instanceof ApiRequestError && save.error.issues?.length) && (
            <Alert type="error">{messageOr(save.error, T.saveFailed)}</Alert>
          )}
        </SpaceBetween>
      </form>
    );

  return (
    <Modal
      visible
      onDismiss={onClose}
      header={T.title}
      footer={
        <Box float="right">
          <SpaceBetween size="xs" direction="horizontal">
            <Button onClick={onClose}>{T.cancel}</Button>
            <Button variant="primary" loading={save.isPending} disabled={!f} onClick={submit}>
              {T.save}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {body}
    </Modal>
  );
}
