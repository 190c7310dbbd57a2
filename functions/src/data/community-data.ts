import { batchWrite, queryPages, stripKeys, type Db } from './db';
import { keys } from './keys';

/** Deletes every item of a partition, except sort keys `keep` holds on to; resolves to how many went. */
export async function deletePartition(
  db: Db,
  pk: string,
  keep: (sk: string) => boolean = () => false,
): Promise<number> {
  let deleted = 0;
  for await (const items of queryPages(db, { pk }, { attributes: ['pk', 'sk'] })) {
    const doomed = items.filter((i) => !keep(String(i.sk)));
    await batchWrite(
      db,
      doomed.map((i) => ({ DeleteRequest: { Key: { pk: i.pk, sk: i.sk } } })),
    );
    deleted += doomed.length;
  }
  return deleted;
}

/** The ids of a community's directory links (each has a views partition of its own). */
export async function directoryLinkIds(db: Db, communityId: string): Promise<string[]> {
  const ids: string[] = [];
  const cond = { pk: keys.communityPartition(communityId), sk: { prefix: 'DIRLINK#' } };
  for await (const items of queryPages(db, cond, { attributes: ['sk'] })) {
    for (const i of items) ids.push(String(i.sk).slice('DIRLINK#'.length));
  }
  return ids;
}

/**
 * The items of a partition page by page, each with its sort key (`sk`) and without the other table
 * keys: for the export, which reads a whole community.
 */
export async function* partitionItems(db: Db, pk: string): AsyncGenerator<Record<string, unknown>[], void, undefined> {
  for await (const items of queryPages(db, { pk })) {
    yield items.map((i) => ({ sk: i.sk, ...stripKeys<Record<string, unknown>>(i) }));
  }
}
