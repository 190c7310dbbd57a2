import { describe, expect, it } from 'vitest';
import { labelClusterLocal } from '@kehila/functions/adapters/ai/local/clusters';
import { clusterPrompt, parseClusterLabels } from '@kehila/functions/adapters/ai/bedrock/clusters';

const cluster = (over: Partial<Parameters<typeof labelClusterLocal>[0]> = {}) => ({
  keywords: ['plumber', 'kitchen sink', 'leak', 'pipe'],
  topics: ['Home & Services'],
  examples: ['מישהו מכיר אינסטלטור טוב?'],
  size: 6,
  ...over,
});

describe('local cluster labels', () => {
  it('names a cluster by its three most distinctive keywords', () => {
    expect(labelClusterLocal(cluster())).toBe('plumber · kitchen sink · leak');
  });

  it('falls back to the most frequent topic, then says the messages have no keywords', () => {
    expect(labelClusterLocal(cluster({ keywords: [] }))).toBe('Home & Services');
    expect(labelClusterLocal(cluster({ keywords: [], topics: [] }))).toBe('Messages without keywords');
  });
});

describe('Bedrock cluster labels', () => {
  it('keeps one label per cluster index, trimmed and cut at 60 characters', () => {
    const long = 'x'.repeat(80);
    expect(
      parseClusterLabels(
        {
          labels: [
            { i: 1, label: long },
            { i: 0, label: '  Plumbers and leaks ' },
            { i: 0, label: 'a second label for 0 is ignored' },
          ],
        },
        2,
      ),
    ).toEqual(['Plumbers and leaks', 'x'.repeat(60)]);
  });

  it('refuses an answer that misses a cluster, names one that does not exist only, or is not the tool shape', () => {
    expect(parseClusterLabels({ labels: [{ i: 0, label: 'A' }] }, 2)).toBeNull();
    expect(parseClusterLabels({ labels: [{ i: 0, label: 'A' }, { i: 2, label: 'B' }] }, 2)).toBeNull();
    expect(parseClusterLabels({ labels: [{ i: 0, label: '  ' }] }, 1)).toBeNull();
    expect(parseClusterLabels('Plumbers', 1)).toBeNull();
  });

  it('gives the model each cluster with its index, size, keywords, topics and examples on one line each', () => {
    const prompt = clusterPrompt([cluster(), cluster({ keywords: [], topics: [], examples: ['a\n\nb'], size: 2 })]);
    expect(prompt).toContain('Cluster 0 (6 messages)\nkeywords: plumber, kitchen sink, leak, pipe\ntopics: Home & Services\n- מישהו מכיר אינסטלטור טוב?');
    expect(prompt).toContain('Cluster 1 (2 messages)\nkeywords: (none)\ntopics: (none)\n- a b');
  });
});
