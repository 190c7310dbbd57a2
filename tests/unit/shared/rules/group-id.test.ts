import { describe, expect, it } from 'vitest';
import { GroupIdSchema, checkGroupId, validateForm } from '@kehila/shared';
import * as z from 'zod';

describe('group id validation (S1 §5, S2 §5)', () => {
  it.each([
    ['', 'Please enter a valid Group ID'],
    ['   ', 'Please enter a valid Group ID'],
    [null, 'Please enter a valid Group ID'],
    ['120363041234567890', 'Group ID must end with @g.us'],
    ['120363041234567890@c.us', 'Group ID must end with @g.us'],
  ])('%j → %s', (value, message) => {
    expect(checkGroupId(value)).toEqual({ valid: false, error: message });
  });

  it('trims the id before sending', () => {
    expect(checkGroupId('  120363041234567890@g.us \n')).toEqual({ valid: true, groupId: '120363041234567890@g.us' });
  });

  it('the zod field gives the same messages and the trimmed id', () => {
    const body = z.object({ group_id: GroupIdSchema });
    expect(validateForm(body, { group_id: ' ' }).errors).toEqual({ group_id: 'Please enter a valid Group ID' });
    expect(validateForm(body, {}).errors).toEqual({ group_id: 'Please enter a valid Group ID' });
    expect(validateForm(body, { group_id: '123' }).errors).toEqual({ group_id: 'Group ID must end with @g.us' });
    expect(validateForm(body, { group_id: ' 123@g.us ' })).toEqual({ valid: true, data: { group_id: '123@g.us' }, errors: {} });
  });
});
