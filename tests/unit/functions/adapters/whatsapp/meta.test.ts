import { describe, expect, it } from 'vitest';
import { metaAdapter, metaVerifyChallenge } from '@kehila/functions/adapters/whatsapp/meta';
import { LOCAL_WHATSAPP_SECRETS } from '@kehila/functions/adapters/whatsapp/secrets';
import { MalformedWebhookError } from '@kehila/functions/adapters/whatsapp/webhook-types';
import { signBody } from '@kehila/functions/adapters/whatsapp/payloads';
import { fixture, FIXTURE_GROUPS } from '../../../../fixtures/whatsapp/index';

const secrets = LOCAL_WHATSAPP_SECRETS;
const parse = (name: string) => metaAdapter.parse(JSON.parse(fixture('meta', name)));

describe('Meta Cloud API webhook adapter', () => {
  it.each([
    [
      'text',
      {
        group_id: FIXTURE_GROUPS.meta,
        provider_message_id: 'wamid.HBgMOTcyNTAxMjM0NTY3FQIAEhgUM0VCMDQxRjI5QjY3QzhEMkUxQTkA',
        sender_id: '972501234567@c.us',
        sender_name: 'Dana Levi',
        timestamp: '2026-01-01T10:00:00.000Z',
        text: 'Urgent: our cloud credits expire Friday. Anyone with an AWS Activate contact?',
        reply_to: null,
        media_type: null,
      },
    ],
    [
      'reply',
      {
        group_id: FIXTURE_GROUPS.meta,
        provider_message_id: 'wamid.HBgMOTcyNTQ4ODg5OTAwFQIAEhgUM0E3RjJDMTk4QjBENEU1NkExMkMA',
        sender_id: '972548889900@c.us',
        sender_name: 'Avi Peretz',
        timestamp: '2026-01-01T10:03:00.000Z',
        text: 'כן, שלחתי לך את הפרטים של מנהלת התיק שלנו',
        reply_to: 'wamid.HBgMOTcyNTAxMjM0NTY3FQIAEhgUM0VCMDQxRjI5QjY3QzhEMkUxQTkA',
        media_type: null,
      },
    ],
    [
      'media',
      {
        group_id: FIXTURE_GROUPS.meta,
        provider_message_id: 'wamid.HBgMOTcyNTI3NjU0MzIxFQIAEhgUM0VCMEQ5QTI3RjNFMUI4QzZENTQA',
        sender_id: '972527654321@c.us',
        sender_name: 'Yossi Cohen',
        timestamp: '2026-01-01T10:10:00.000Z',
        text: 'Our booth at the Founders Fair, come say hi',
        reply_to: null,
        media_type: 'image',
      },
    ],
  ])('normalises the %s fixture', (name, expected) => {
    expect(parse(name)).toEqual({ messages: [expected], botAdded: [], participants: [], ignored: 0 });
  });

  it.each(['direct-chat', 'status'])('ignores the %s fixture', (name) => {
    expect(parse(name)).toEqual({ messages: [], botAdded: [], participants: [], ignored: 1 });
  });

  // The group_participants_update fixtures are written from Meta's "Webhooks for Groups API"
  // documentation (updated 11 Feb 2026), not recorded from a live app.
  describe('group_participants_update', () => {
    const participant = (id: string) => ({ id, phoneId: null, name: null, admin: null });

    it.each([
      ['group-participants-add', 'join', '972501112233@c.us', '2026-01-01T10:15:00.000Z'],
      ['group-participants-leave', 'leave', '972501112233@c.us', '2026-01-01T10:30:00.000Z'],
      ['group-participants-remove', 'leave', '972548889900@c.us', '2026-01-01T10:45:00.000Z'],
    ] as const)('reads %s as a %s of %s', (name, action, id, timestamp) => {
      expect(parse(name)).toEqual({
        messages: [],
        botAdded: [],
        participants: [{ groupId: FIXTURE_GROUPS.meta, action, participants: [participant(id)], timestamp }],
        ignored: 0,
      });
    });

    it.each(['group-join-request', 'group-participants-add-username-only'])(
      'changes no membership for %s (a join request; a participant named by no phone number)',
      (name) => {
        expect(parse(name)).toEqual({ messages: [], botAdded: [], participants: [], ignored: 1 });
      },
    );

    it('reads every participant of one item and skips those without a phone', () => {
      const body = JSON.parse(fixture('meta', 'group-participants-add')) as {
        entry: { changes: { value: { groups: { added_participants: unknown[] }[] } }[] }[];
      };
      body.entry[0]!.changes[0]!.value.groups[0]!.added_participants.push(
        { wa_id: '', user_id: 'IL.1' },
        { input: '+972 50-000-0000' },
        { wa_id: '972527778899' },
      );
      expect(metaAdapter.parse(body).participants[0]?.participants).toEqual([
        participant('972501112233@c.us'),
        participant('972527778899@c.us'),
      ]);
    });
  });

  it('accepts the X-Hub-Signature-256 of the app secret', () => {
    const body = fixture('meta', 'text');
    expect(metaAdapter.verify({ rawBody: Buffer.from(body), headers: signBody('meta', body) }, secrets)).toEqual({
      ok: true,
    });
  });

  it.each([
    ['missing', {}, 'Missing X-Hub-Signature-256 signature'],
    ['unprefixed', { 'x-hub-signature-256': 'abc' }, 'Invalid X-Hub-Signature-256 signature'],
    [
      'forged',
      signBody('meta', '{}', { meta: { appSecret: 'someone-else' } }),
      'Invalid X-Hub-Signature-256 signature',
    ],
  ])('refuses a %s signature', (_case, headers, reason) => {
    expect(metaAdapter.verify({ rawBody: Buffer.from(fixture('meta', 'text')), headers }, secrets)).toEqual({
      ok: false,
      reason,
    });
  });

  it.each([[{ object: 'page', entry: [] }], [{ object: 'whatsapp_business_account' }]])(
    'says why a malformed body is refused: %j',
    (body) => {
      expect(() => metaAdapter.parse(body)).toThrow(
        new MalformedWebhookError(
          'Meta webhook body must be a JSON object with object "whatsapp_business_account" and an "entry" array',
        ),
      );
    },
  );

  it.each([
    [
      { 'hub.mode': 'subscribe', 'hub.verify_token': secrets.meta.verifyToken, 'hub.challenge': '1158201444' },
      '1158201444',
    ],
    [{ 'hub.mode': 'subscribe', 'hub.verify_token': 'wrong', 'hub.challenge': '1158201444' }, null],
    [{ 'hub.mode': 'unsubscribe', 'hub.verify_token': secrets.meta.verifyToken, 'hub.challenge': '1' }, null],
  ])('answers the verification handshake %j with %s', (query, expected) => {
    expect(metaVerifyChallenge(query, secrets.meta.verifyToken)).toBe(expected);
  });
});
