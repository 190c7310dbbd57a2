import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Box from '@cloudscape-design/components/box';
import Toggle from '@cloudscape-design/components/toggle';
import { DELIVERY_LANGUAGES, WEEKDAYS, type DeliverySettings, type SummaryDelivery } from '@kehila/shared';
import { messageOr } from '../../api/api-error';
import { ApiRequestError } from '../../api/client';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { useToast } from '../../components/toast/use-toast';
import { communityQueryKey } from '../use-community';
import { deliveryText as T } from './summary-settings-text';
import styles from './summary-settings.module.css';

const DESTINATIONS = ['whatsapp', 'sheet', 'both'] as const;

/** Every IANA zone this browser knows (the server checks the same way). */
function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

/** The field a server refusal names, for its message under that field. */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError)) return {};
  const out: Record<string, string> = {};
  for (const i of error.issues ?? []) out[i.path] ??= i.message;
  return out;
}

const STATUS_TYPE = { sent: 'success', sending: 'in-progress', failed: 'error' } as const;

/** The newest scheduled deliveries; a failed one says why and after how many attempts. */
function RecentDeliveries({ communityId }: { communityId: string }) {
  const callApi = useCallApi();
  const query = useQuery({
    queryKey: ['summary-deliveries', communityId],
    queryFn: ({ signal }) => callApi(routes.listSummaryDeliveries, { params: { communityId }, signal }),
  });
  const items: SummaryDelivery[] = query.data?.items ?? [];
  return (
    <SpaceBetween size="xs">
      <Box variant="h3">{T.recent}</Box>
      {query.isSuccess && items.length === 0 && <Box color="text-body-secondary">{T.noDeliveries}</Box>}
      {items.length > 0 && (
        <ul className={styles.history} aria-label={T.recent}>
          {items.map((d) => (
            <li key={`${d.period}-${d.destination}`}>
              <SpaceBetween size="xs" direction="horizontal" alignItems="center">
                <StatusIndicator type={STATUS_TYPE[d.status]}>{T.status[d.status]}</StatusIndicator>
                <span>
                  {d.period.replace(':', ' · ')} · {T.deliveryTo[d.destination]} · {T.attempts(d.attempts)}
                </span>
              </SpaceBetween>
              {d.status === 'failed' && d.error && (
                <Box color="text-status-error" fontSize="body-s">
                  {d.error}
                </Box>
              )}
            </li>
          ))}
        </ul>
      )}
    </SpaceBetween>
  );
}

/**
 * Summary delivery (issue 10): daily and/or weekly summary, the weekly day, delivery time and IANA
 * time zone, summary language, and where it goes (WhatsApp group, spreadsheet or both), with the
 * recent deliveries (a failed one shown with its error). Admins only.
 */
export function DeliverySettingsCard({ communityId }: { communityId: string }) {
  const callApi = useCallApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const key = ['delivery-settings', communityId] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => callApi(routes.getDeliverySettings, { params: { communityId }, signal }),
  });
  const [values, setValues] = useState<DeliverySettings | null>(null);
  useEffect(() => {
    if (query.data) {
      const { updated_at: _saved, ...rest } = query.data;
      setValues(rest);
    }
  }, [query.data]);
  const zones = useMemo(() => timeZones(values?.time_zone ?? 'UTC'), [values?.time_zone]);

  const save = useMutation({
    mutationFn: (body: DeliverySettings) => callApi(routes.updateDeliverySettings, { params: { communityId }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      void queryClient.invalidateQueries({ queryKey: communityQueryKey(communityId) });
      toast.success(T.savedToast);
    },
    onError: (error) => toast.error(messageOr(error, T.saveFailed)),
  });
  const errors = fieldErrors(save.error);

  let body;
  if (query.isError) body = <Alert type="error">{T.loadFailed}</Alert>;
  else if (!values) body = <Spinner />;
  else {
    const set = <K extends keyof DeliverySettings>(k: K, v: DeliverySettings[K]) => setValues({ ...values, [k]: v });
    const option = (value: string, label: string) => ({ value, label });
    body = (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(values);
        }}
      >
        <SpaceBetween size="l">
          <SpaceBetween size="xs" direction="horizontal">
            <Toggle checked={values.daily_summary} onChange={({ detail }) => set('daily_summary', detail.checked)}>
              {T.daily}
            </Toggle>
            <Toggle checked={values.weekly_summary} onChange={({ detail }) => set('weekly_summary', detail.checked)}>
              {T.weekly}
            </Toggle>
          </SpaceBetween>
          <div className={styles.fields}>
            <FormField label={T.weeklyDay}>
              <Select
                disabled={!values.weekly_summary}
                selectedOption={option(values.weekly_day, T.weekdays[values.weekly_day])}
                options={WEEKDAYS.map((d) => option(d, T.weekdays[d]))}
                onChange={({ detail }) =>
                  set('weekly_day', detail.selectedOption.value as DeliverySettings['weekly_day'])
                }
              />
            </FormField>
            <FormField label={T.time} constraintText={T.timeHint} errorText={errors.delivery_time}>
              <Input
                value={values.delivery_time}
                inputMode="numeric"
                placeholder="09:00"
                onChange={({ detail }) => set('delivery_time', detail.value)}
              />
            </FormField>
            <FormField label={T.zone} errorText={errors.time_zone}>
              <Select
                filteringType="auto"
                selectedOption={option(values.time_zone, values.time_zone)}
                options={zones.map((z) => option(z, z))}
                onChange={({ detail }) => set('time_zone', detail.selectedOption.value ?? values.time_zone)}
              />
            </FormField>
            <FormField label={T.language}>
              <Select
                selectedOption={option(values.language, T.languages[values.language])}
                options={DELIVERY_LANGUAGES.map((l) => option(l, T.languages[l]))}
                onChange={({ detail }) => set('language', detail.selectedOption.value as DeliverySettings['language'])}
              />
            </FormField>
            <FormField label={T.destination} constraintText={T.pushSoon}>
              <Select
                selectedOption={option(values.summary_destination, T.destinations[values.summary_destination])}
                options={DESTINATIONS.map((d) => option(d, T.destinations[d]))}
                onChange={({ detail }) =>
                  set('summary_destination', detail.selectedOption.value as DeliverySettings['summary_destination'])
                }
              />
            </FormField>
            {values.summary_destination !== 'whatsapp' && (
              <FormField label={T.sheetId} constraintText={T.sheetHint} errorText={errors.sheet_id}>
                <Input value={values.sheet_id ?? ''} onChange={({ detail }) => set('sheet_id', detail.value || null)} />
              </FormField>
            )}
          </div>
          <Button variant="primary" formAction="submit" loading={save.isPending}>
            {T.save}
          </Button>
          <RecentDeliveries communityId={communityId} />
        </SpaceBetween>
      </form>
    );
  }
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
