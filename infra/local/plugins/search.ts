import { embeddingVersion, versionScope } from '@kehila/functions/core/search/docs';
import { LocalSearch } from '@kehila/functions/adapters/search/local/local-search';
import type { LocalPlugin } from '../plugin';

/**
 * The embedded search engine of the local stack (docs/search.md). At start it rebuilds the
 * in-memory index from the table (each indexed community's message partition and stored vectors,
 * found through the search-state items on gsi1: Queries only), then queues for embedding the
 * messages that have no vector of the current embedding version (the local queues live in memory,
 * so jobs pending at the last Ctrl-C are gone). The embed worker keeps it current from then on.
 */
export const searchPlugin: LocalPlugin = {
  name: 'search',
  async start(ctx) {
    const engine = ctx.deps.search;
    // SEARCH_ENDPOINT set: a real OpenSearch keeps its own index.
    if (!(engine instanceof LocalSearch)) return;
    const report = await engine.rebuild();
    ctx.log(
      `search: index rebuilt from the table: ${report.documents} messages (${report.vectors} with vectors) ` +
        `of ${report.communities} communities in ${report.ms} ms`,
    );
    for (const f of report.failed)
      ctx.log(`search: ${f.communityId} not loaded at start (${f.error}); it loads on first use`);
    let queued = 0;
    for (const communityId of engine.communities()) {
      let version: string;
      try {
        version = await embeddingVersion(ctx.deps.ai, communityId, versionScope(ctx.deps.config));
      } catch (err) {
        ctx.log(`search: no embedding catch-up for ${communityId}: ${(err as Error).message}`);
        continue;
      }
      const missing = await engine.unembedded(communityId, version);
      if (missing.length === 0) continue;
      await ctx.deps.queues.sendBatch(
        'embed',
        missing.map((m) => ({ communityId, msgId: m.msgId, timestamp: m.timestamp })),
      );
      queued += missing.length;
    }
    if (queued > 0) ctx.log(`search: ${queued} messages queued for embedding`);
  },
};
