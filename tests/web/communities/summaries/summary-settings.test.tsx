import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SUMMARY_PROMPTS, type PromptHistoryItem } from '@kehila/shared';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { failure, fakeApi } from '../../helpers/fake-api';
import { renderScreen } from '../../helpers/render-screen';
import { findToast } from '../../helpers/toasts';
import { SummaryPromptManager } from '../../../../web/src/communities/summaries/summary-prompt-manager';
import { DeliverySettingsCard } from '../../../../web/src/communities/summaries/delivery-settings-card';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

beforeEach(() => {
  resetAuth();
  setSignedIn();
});

const PROMPTS = '/api/communities/{communityId}/summary-prompts';
const HISTORY = '/api/communities/{communityId}/summary-prompts/history';
const DELIVERY = '/api/communities/{communityId}/delivery-settings';

const version = (over: Partial<PromptHistoryItem>): PromptHistoryItem => ({
  id: 'v-1',
  prompt_name: 'system_prompt',
  prompt_content: 'Be brief.',
  is_active: true,
  created_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

function renderManager(api: ReturnType<typeof fakeApi>) {
  return renderScreen({
    routes: [{ path: '/settings', element: <SummaryPromptManager communityId="c-1" /> }],
    path: '/settings',
    fetch: api.fetch,
  });
}

describe('AI Summary Prompt Manager (S2 §2.4, §3)', () => {
  const loaded = {
    ...DEFAULT_SUMMARY_PROMPTS,
    system_prompt: 'Be brief.',
    system_prompt_version: 'v-2',
    user_prompt_version: null,
    defaults: DEFAULT_SUMMARY_PROMPTS,
  };

  it('shows Saved until edited, Modified after, and Reset brings the saved text back', async () => {
    const api = fakeApi().on('GET', PROMPTS, loaded).on('GET', HISTORY, { items: [] });
    const { user } = renderManager(api);
    const box = await screen.findByRole('textbox', { name: 'System Prompt' });
    expect(box).toHaveValue('Be brief.');
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save as New Version' })).toBeDisabled();
    await user.type(box, ' Cite messages.');
    expect(screen.getByText('Modified')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(box).toHaveValue('Be brief.');
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });

  it('gives the system prompt 15 rows and the user prompt 12 (S2 §9)', async () => {
    const api = fakeApi().on('GET', PROMPTS, loaded).on('GET', HISTORY, { items: [] });
    const { user } = renderManager(api);
    expect(await screen.findByRole('textbox', { name: 'System Prompt' })).toHaveAttribute('rows', '15');
    await user.click(screen.getByText('User Prompt'));
    expect(screen.getByRole('textbox', { name: 'User Prompt' })).toHaveAttribute('rows', '12');
  });

  it('marks a prompt never saved (the default) Saved, as S2 §4 has only Modified or Saved, and lists the template variables', async () => {
    const api = fakeApi().on('GET', PROMPTS, loaded).on('GET', HISTORY, { items: [] });
    const { user } = renderManager(api);
    await user.click(await screen.findByText('User Prompt'));
    expect(screen.getByRole('textbox', { name: 'User Prompt' })).toHaveValue(DEFAULT_SUMMARY_PROMPTS.user_prompt);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(screen.queryByText('Default')).not.toBeInTheDocument();
    for (const v of ['lastSummary', 'messageData', 'groupDescription', 'groupGoals', 'adminNames'])
      expect(screen.getByText(`{{${v}}}`)).toBeInTheDocument();
  });

  it('saves the edited prompt as a new version', async () => {
    const api = fakeApi()
      .on('GET', PROMPTS, loaded)
      .on('GET', HISTORY, { items: [] })
      .on('POST', PROMPTS, (call) => ({
        status: 201,
        body: version({ id: 'v-3', prompt_content: (call.body as { prompt_content: string }).prompt_content }),
      }));
    const { user } = renderManager(api);
    const box = await screen.findByRole('textbox', { name: 'System Prompt' });
    await user.clear(box);
    await user.type(box, 'Write in short bullets.');
    await user.click(screen.getByRole('button', { name: 'Save as New Version' }));
    expect(await findToast('Prompt saved as a new version')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/communities/c-1/summary-prompts')[0]?.body).toEqual({
      prompt_name: 'system_prompt',
      prompt_content: 'Write in short bullets.',
    });
  });

  it('restores an earlier version from the history', async () => {
    const api = fakeApi()
      .on('GET', PROMPTS, loaded)
      .on('GET', HISTORY, {
        items: [
          version({ id: 'v-2', prompt_content: 'Be brief.' }),
          version({ id: 'v-1', prompt_content: 'Be warm.', is_active: false, created_at: '2026-11-19T10:00:00.000Z' }),
        ],
      })
      .on('POST', '/api/communities/{communityId}/summary-prompts/history/{versionId}/restore', {
        status: 201,
        body: version({ id: 'v-4', prompt_content: 'Be warm.' }),
      });
    const { user } = renderManager(api);
    await user.click(await screen.findByRole('button', { name: 'Version History' }));
    const list = screen.getByRole('list', { name: 'Version History' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Active')).toBeInTheDocument();
    const restoreButtons = within(list).getAllByRole('button', { name: /^Restore the version of/ });
    expect(restoreButtons).toHaveLength(1);
    await user.click(restoreButtons[0]!);
    expect(await findToast('Prompt version restored')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/communities/c-1/summary-prompts/history/v-1/restore')).toHaveLength(1);
  });

  it("says 'Failed to load summary prompts' and 'Failed to save prompt'", async () => {
    const failing = fakeApi().on('GET', PROMPTS, failure(500, 'x')).on('GET', HISTORY, { items: [] });
    const first = renderManager(failing);
    expect(await findToast('Failed to load summary prompts')).toBeInTheDocument();
    first.unmount();
    const api = fakeApi()
      .on('GET', PROMPTS, loaded)
      .on('GET', HISTORY, failure(500, 'x'))
      .on('POST', PROMPTS, failure(500, 'x', 'http_500'));
    const { user } = renderManager(api);
    expect(await findToast('Failed to load prompt history')).toBeInTheDocument();
    await user.type(await screen.findByRole('textbox', { name: 'System Prompt' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save as New Version' }));
    expect(await findToast('Failed to save prompt')).toBeInTheDocument();
  });
});

describe('Summary delivery settings', () => {
  const stored = {
    daily_summary: false,
    weekly_summary: true,
    summary_destination: 'whatsapp',
    weekly_day: 'sunday',
    delivery_time: '09:00',
    time_zone: 'Asia/Jerusalem',
    language: 'group',
    sheet_id: null,
    updated_at: null,
  };

  function renderCard(api: ReturnType<typeof fakeApi>) {
    return renderScreen({
      routes: [{ path: '/settings', element: <DeliverySettingsCard communityId="c-1" /> }],
      path: '/settings',
      fetch: api.fetch,
    });
  }

  it('saves daily and weekly, time and destination; the spreadsheet id appears with a sheet destination', async () => {
    const api = fakeApi()
      .on('GET', DELIVERY, stored)
      .on('PUT', DELIVERY, (call) => ({
        status: 200,
        body: { ...(call.body as object), updated_at: '2026-11-25T10:00:00.000Z' },
      }));
    const { user } = renderCard(api);
    await user.click(await screen.findByRole('checkbox', { name: 'Daily summary' }));
    const time = screen.getByRole('textbox', { name: /Delivery time/ });
    await user.clear(time);
    await user.type(time, '18:30');
    expect(screen.queryByRole('textbox', { name: /Spreadsheet id/ })).not.toBeInTheDocument();
    expect(screen.getByText('Push notifications: coming soon')).toBeInTheDocument(); // S2 §1
    await user.click(screen.getByRole('button', { name: /Send to/ }));
    await user.click(await screen.findByRole('option', { name: 'WhatsApp group and spreadsheet' }));
    await user.type(screen.getByRole('textbox', { name: /Spreadsheet id/ }), '1AbC');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await findToast('Delivery settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/communities/c-1/delivery-settings')[0]?.body).toEqual({
      ...stored,
      updated_at: undefined,
      daily_summary: true,
      delivery_time: '18:30',
      summary_destination: 'both',
      sheet_id: '1AbC',
    });
  });

  it('shows a failed delivery with its error and attempts', async () => {
    const api = fakeApi()
      .on('GET', DELIVERY, stored)
      .on('GET', '/api/communities/{communityId}/summary-deliveries', {
        items: [
          {
            period: '2026-11-25:daily',
            kind: 'daily',
            destination: 'whatsapp',
            status: 'failed',
            attempts: 4,
            summary_id: 's-1',
            error: 'gateway answered 502',
            updated_at: '2026-11-25T07:05:00.000Z',
          },
        ],
      });
    renderCard(api);
    const list = await screen.findByRole('list', { name: 'Recent deliveries' });
    expect(within(list).getByText('Failed')).toBeInTheDocument();
    expect(within(list).getByText('2026-11-25 · daily · WhatsApp group · 4 attempts')).toBeInTheDocument();
    expect(within(list).getByText('gateway answered 502')).toBeInTheDocument();
  });

  it("shows the server's message under the field it names", async () => {
    const api = fakeApi()
      .on('GET', DELIVERY, stored)
      .on('PUT', DELIVERY, {
        status: 400,
        body: {
          message: 'Please enter a time as HH:MM',
          code: 'bad_request',
          issues: [{ path: 'delivery_time', message: 'Please enter a time as HH:MM' }],
        },
      });
    const { user } = renderCard(api);
    const time = await screen.findByRole('textbox', { name: /Delivery time/ });
    await user.clear(time);
    await user.type(time, '25:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Please enter a time as HH:MM').length).toBeGreaterThan(1));
  });
});
