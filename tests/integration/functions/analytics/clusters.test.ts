import { beforeAll, describe, expect, it } from 'vitest';
import type { Community, SearchStats, TopicClusters } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { getUsageDay } from '@kehila/functions/data/topic-clusters';
import { api, signIn, stack, useStackEnv } from '../../support';
import { communityWithGroup, freshGroupId, postMessage, subOf, waitFor } from '../../../fixtures/whatsapp/stack-community';

/** Three subjects, six messages each: the clusters must keep them apart. */
const THEMES = {
  hiring: [
    'We are hiring a backend developer for our fintech startup, send your CV',
    'Looking for a senior React developer to join our team, remote is fine',
    'Our startup is hiring two software engineers, DM me for the job description',
    'Anyone know a good developer looking for a new job? We are hiring',
    'Job opening: full stack developer, TypeScript and AWS, send CV to Dana',
    'Hiring a frontend developer for a six month contract, great team',
  ],
  plumbing: [
    'Does anyone know a good plumber? Water is leaking under the kitchen sink',
    'Recommend a plumber please, the bathroom pipe is leaking since the morning',
    'Our water heater is broken and leaking, need a plumber today',
    'Any plumber in Tel Aviv who can fix a leaking pipe this week?',
    'The kitchen sink is blocked and leaking water, which plumber do you use?',
    'Need an emergency plumber, a pipe burst and water is everywhere',
  ],
  picnic: [
    'Reminder: the community picnic is on Friday at the park, bring snacks',
    'Who is coming to the picnic in the park on Friday? Bring a blanket',
    'Picnic update: we meet at the park entrance at noon on Friday',
    'I will bring drinks and snacks for the Friday picnic at the park',
    'Kids are welcome at the picnic, there is a playground in the park',
    'Weather looks sunny for the park picnic on Friday, see you there',
  ],
} as const;

describe('topic clusters (AI Insight Explorer, S2 §2.5, §7.6) on the local stack', () => {
  let deps: Deps;
  let token: string;
  let community: Community;
  const themeOf = new Map<string, keyof typeof THEMES>();
  const path = () => `/api/communities/${community.id}/analytics`;

  beforeAll(async () => {
    deps = useStackEnv();
    token = (await signIn('member@example.com', 'kehila-demo')).IdToken;
    community = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
    const now = Date.now();
    let minute = 0;
    for (const [theme, texts] of Object.entries(THEMES) as [keyof typeof THEMES, readonly string[]][]) {
      for (const text of texts) {
        const res = await postMessage(stack().url, 'waha', {
          groupId: community.group_id as string,
          senderId: `97250123456${minute % 10}@c.us`,
          senderName: `Member ${minute % 10}`,
          timestamp: new Date(now - (60 - minute++) * 60_000),
          text,
        });
        expect(res.status).toBe(200);
        themeOf.set(res.msgId, theme);
      }
    }
    await waitFor(async () => {
      const s = (await api(`/api/communities/${community.id}/search/stats`, { token })).body as unknown as SearchStats;
      return s.embedded === 18;
    }, 60_000);
  }, 90_000);

  it('has no clusters before the first Generate', async () => {
    const res = await api(`${path()}/clusters?days=7`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: null });
  });

  it('generates clusters that keep the subjects apart, stores them, and answers them on the next read', async () => {
    const res = await api(`${path()}/clusters`, { token, method: 'POST', body: { days: 7 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = res.body as unknown as TopicClusters;
    expect(result.days).toBe(7);
    expect(result.provider).toBe('local');
    expect(result.message_count).toBe(18);
    expect(result.clusters.reduce((s, c) => s + c.size, 0)).toBe(18);
    // √(18/2) = 3 clusters, one per subject: every example of a cluster is of one subject
    expect(result.clusters).toHaveLength(3);
    const subjects = result.clusters.map((c) => new Set(c.examples.map((e) => themeOf.get(e.msg_id))));
    for (const s of subjects) expect(s.size).toBe(1);
    expect(new Set(subjects.map((s) => [...s][0]))).toEqual(new Set(['hiring', 'plumbing', 'picnic']));
    // the local model labels a cluster by its distinctive keywords, and says so
    for (const c of result.clusters) {
      expect(c.label).toBe(c.keywords.slice(0, 3).join(' · '));
      expect(c.keywords.length).toBeGreaterThan(0);
    }
    expect(result.points.length).toBe(18);
    expect(new Set(result.points.map((p) => p.cluster))).toEqual(new Set([0, 1, 2]));

    const stored = await api(`${path()}/clusters?days=7`, { token });
    expect(stored.body).toEqual({ result });
    // another period has its own result
    expect((await api(`${path()}/clusters?days=30`, { token })).body).toEqual({ result: null });
  });

  it('answers a period that is not offered with the words of the time range select', async () => {
    const res = await api(`${path()}/clusters`, { token, method: 'POST', body: { days: 9 } });
    expect(res.status).toBe(400);
    expect((res.body as { message?: string }).message).toBe('Please choose 7, 14, 30 or 90 days');
    const get = await api(`${path()}/clusters?days=abc`, { token });
    expect(get.status).toBe(400);
  });

  it('counts usage events per day, and refuses an unknown event', async () => {
    const day = new Date().toISOString().slice(0, 10);
    for (const body of [
      { event: 'page_view', page: 'enhanced_analytics' },
      { event: 'tab_change', page: 'enhanced_analytics', tab: 'ai_insights' },
      { event: 'tab_change', page: 'enhanced_analytics', tab: 'ai_insights' },
      { event: 'time_range_change', page: 'enhanced_analytics', days: 90 },
    ]) {
      const res = await api(`${path()}/events`, { token, method: 'POST', body });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ recorded: true });
    }
    expect(await getUsageDay(deps.db, community.id, day)).toEqual({
      e_page_view_enhanced_analytics: 1,
      e_tab_change_ai_insights: 2,
      e_time_range_change_enhanced_analytics_90: 1,
    });
    const bad = await api(`${path()}/events`, { token, method: 'POST', body: { event: 'click', page: 'analytics' } });
    expect(bad.status).toBe(400);
  });
});
