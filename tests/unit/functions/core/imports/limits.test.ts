import { describe, expect, it } from 'vitest';
import {
  IMPORT_HEARTBEAT_SECONDS,
  IMPORT_MAX_ENTRY_CHARS,
  IMPORT_MAX_TEXT_CHARS,
  IMPORT_STALE_SECONDS,
  IMPORT_TIME_MARGIN_SECONDS,
} from '@kehila/functions/core/imports/limits';
import { queues } from '@kehila/functions/core/queues';

describe('import limits agree with the import queue', () => {
  it('call a job stale only after a retry would have come and written (visibility timeout + a heartbeat)', () => {
    expect(IMPORT_STALE_SECONDS).toBeGreaterThan(queues.import.visibilityTimeoutSeconds + 2 * IMPORT_HEARTBEAT_SECONDS);
  });

  it('stop a run before Lambda stops it, without giving up much of its time', () => {
    // Between two checks a run parses one chunk and sends at most 500 messages: seconds, not 30.
    expect(IMPORT_TIME_MARGIN_SECONDS).toBeGreaterThanOrEqual(10);
    expect(IMPORT_TIME_MARGIN_SECONDS).toBeLessThan(queues.import.timeoutSeconds / 10);
  });

  it('keep more of a message while parsing than is stored, so a stored text is never cut short by the parser', () => {
    expect(IMPORT_MAX_ENTRY_CHARS).toBeGreaterThan(IMPORT_MAX_TEXT_CHARS);
  });
});
