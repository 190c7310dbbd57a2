import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SUMMARY_PROMPTS,
  type Community,
  type CommunitySummaryPrompts,
  type PromptHistoryItem,
} from '@kehila/shared';
import { api, signIn, useStackEnv } from '../../support';
import { communityWithGroup, freshGroupId, subOf } from '../../../fixtures/whatsapp/stack-community';

describe('summary prompt manager and delivery settings', () => {
  let token: string;
  let community: Community;
  const path = (p: string) => `/api/communities/${community.id}${p}`;

  beforeAll(async () => {
    const deps = useStackEnv();
    token = (await signIn('admin@example.com', 'kehila-demo')).IdToken;
    community = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
  });

  it('loads the defaults until a prompt is saved', async () => {
    const res = await api(path('/summary-prompts'), { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...DEFAULT_SUMMARY_PROMPTS,
      system_prompt_version: null,
      user_prompt_version: null,
      defaults: DEFAULT_SUMMARY_PROMPTS,
    });
    expect((await api(path('/summary-prompts/history'), { token })).body).toEqual({ items: [] });
  });

  it('keeps every version in the history and restores an earlier one as the newest', async () => {
    const save = (content: string) =>
      api(path('/summary-prompts'), {
        token,
        method: 'POST',
        body: { prompt_name: 'user_prompt', prompt_content: content },
      });
    const first = await save('First: {{messageData}}');
    expect(first.status).toBe(201);
    const second = await save('Second: {{messageData}} for {{adminNames}}');
    expect(second.status).toBe(201);
    await api(path('/summary-prompts'), {
      token,
      method: 'POST',
      body: { prompt_name: 'system_prompt', prompt_content: 'Be brief.' },
    });

    let loaded = (await api(path('/summary-prompts'), { token })).body as unknown as CommunitySummaryPrompts;
    expect(loaded.user_prompt).toBe('Second: {{messageData}} for {{adminNames}}');
    expect(loaded.system_prompt).toBe('Be brief.');

    const restored = await api(path(`/summary-prompts/history/${String(first.body.id)}/restore`), {
      token,
      method: 'POST',
    });
    expect(restored.status).toBe(201);
    expect(restored.body).toMatchObject({
      prompt_name: 'user_prompt',
      prompt_content: 'First: {{messageData}}',
      is_active: true,
    });

    loaded = (await api(path('/summary-prompts'), { token })).body as unknown as CommunitySummaryPrompts;
    expect(loaded.user_prompt).toBe('First: {{messageData}}');
    expect(loaded.user_prompt_version).toBe(restored.body.id);

    const history = (await api(path('/summary-prompts/history'), { token })).body.items as PromptHistoryItem[];
    expect(history.map((h) => [h.prompt_name, h.prompt_content, h.is_active])).toEqual([
      ['user_prompt', 'First: {{messageData}}', true],
      ['system_prompt', 'Be brief.', true],
      ['user_prompt', 'Second: {{messageData}} for {{adminNames}}', false],
      ['user_prompt', 'First: {{messageData}}', false],
    ]);
  });

  it('refuses a blank prompt and an unknown version', async () => {
    const blank = await api(path('/summary-prompts'), {
      token,
      method: 'POST',
      body: { prompt_name: 'user_prompt', prompt_content: '   ' },
    });
    expect(blank).toMatchObject({ status: 400, body: { message: 'Please enter a prompt' } });
    const unknown = await api(path('/summary-prompts/history/no-such-version/restore'), { token, method: 'POST' });
    expect(unknown.status).toBe(404);
  });

  it("starts from the community's defaults, saves the settings on the community and beside it, and refuses bad ones", async () => {
    const defaults = await api(path('/delivery-settings'), { token });
    expect(defaults.body).toMatchObject({
      daily_summary: false,
      weekly_summary: true,
      summary_destination: 'whatsapp',
      delivery_time: '09:00',
      language: 'group',
      updated_at: null,
    });
    const settings = {
      daily_summary: true,
      weekly_summary: true,
      weekly_day: 'friday',
      delivery_time: '18:30',
      time_zone: 'America/New_York',
      language: 'he',
      summary_destination: 'both',
      sheet_id: '1AbC-dEf_123',
    };
    const saved = await api(path('/delivery-settings'), { token, method: 'PUT', body: settings });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject(settings);
    expect((await api(path('/delivery-settings'), { token })).body).toEqual(saved.body);
    // the daily/weekly/destination fields are the community's own (S1 §2)
    expect((await api(`/api/communities/${community.id}`, { token })).body).toMatchObject({
      daily_summary: true,
      weekly_summary: true,
      summary_destination: 'both',
    });

    const badZone = await api(path('/delivery-settings'), {
      token,
      method: 'PUT',
      body: { ...settings, time_zone: 'Mars/Olympus' },
    });
    expect(badZone).toMatchObject({ status: 400, body: { message: 'Please choose a valid time zone' } });
    const noSheet = await api(path('/delivery-settings'), {
      token,
      method: 'PUT',
      body: { ...settings, summary_destination: 'sheet', sheet_id: null },
    });
    expect(noSheet).toMatchObject({ status: 400, body: { message: 'Please enter the spreadsheet id' } });
    const badTime = await api(path('/delivery-settings'), {
      token,
      method: 'PUT',
      body: { ...settings, delivery_time: '25:00' },
    });
    expect(badTime).toMatchObject({ status: 400, body: { message: 'Please enter a time as HH:MM' } });
  });
});
