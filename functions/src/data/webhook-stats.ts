import { UpdateCommand } from './table-client';
import type { Db } from './db';
import { keys } from './keys';

/** Counts `n` events of groups no community owns on a UTC day (`YYYY-MM-DD`), in total and per provider. */
export async function countDroppedEvents(db: Db, day: string, provider: string, n: number): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.droppedCounter(day),
      UpdateExpression: 'SET #day = :day, #entity = :entity ADD #count :n, #p :n',
      ExpressionAttributeNames: { '#day': 'day', '#entity': 'entity', '#count': 'count', '#p': `p_${provider}` },
      ExpressionAttributeValues: { ':day': day, ':entity': 'dropped_counter', ':n': n },
    }),
  );
}
