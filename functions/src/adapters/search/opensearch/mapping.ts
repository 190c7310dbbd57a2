import { MAX_TOKEN_LENGTH, MIN_STEM_INDEX, PREFIXES_BY_LENGTH } from '../tokenizer';

const HEBREW_LETTERS = '\\u05D0-\\u05EA';

/**
 * pattern_capture patterns emitting a Hebrew token without its prefix letters: one per prefix
 * length (every sequence of one length strips the same number of letters), as tokenizer.ts does.
 */
export function hebrewPrefixPatterns(minStem: number): string[] {
  return [...PREFIXES_BY_LENGTH.entries()].map(
    ([, prefixes]) => `^(?:${prefixes.join('|')})([${HEBREW_LETTERS}]{${minStem},})$`,
  );
}

/** Vector search settings: HNSW graphs built by faiss, inner product on unit vectors (= cosine). */
export const KNN_METHOD = {
  name: 'hnsw',
  engine: 'faiss',
  space_type: 'innerproduct',
  parameters: { m: 16, ef_construction: 128 },
} as const;

/**
 * The messages index: settings with the Hebrew+English analysis chain and the explicit mapping
 * (dynamic: strict, so a stray field is an error rather than a silent new mapping).
 *
 * content         text, analyzer kehila_index (ICU tokenizer, ICU folding = lower case and marks,
 *                 Hebrew finals and geresh normalised, prefix-letter stems added); queries are
 *                 analysed without stems (the adapter expands query words itself, as the local engine).
 * content.prefix  the same plus edge n-grams: query words match by prefix (ספק finds ספקים).
 * msg_id          keyword (exact, sort tie-break) + msg_id.partial, a wildcard field lower-cased:
 *                 case-insensitive partial id match (S2 §5).
 * vector          knn_vector of the AI port's dimension.
 */
export function indexDefinition(dimensions: number) {
  return {
    settings: {
      index: {
        knn: true,
        // One shard holds millions of messages; a replica appears as soon as a second data node does.
        number_of_shards: 1,
        auto_expand_replicas: '0-1',
        refresh_interval: '1s',
      },
      analysis: {
        char_filter: {
          kehila_marks: {
            type: 'pattern_replace',
            pattern: '[\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069\\u061C]',
            replacement: '',
          },
          kehila_geresh: {
            type: 'pattern_replace',
            pattern: `(?<=[${HEBREW_LETTERS}])['"\\u05F3\\u05F4\\u2019](?=[${HEBREW_LETTERS}])`,
            replacement: '',
          },
          kehila_finals: { type: 'mapping', mappings: ['ך => כ', 'ם => מ', 'ן => נ', 'ף => פ', 'ץ => צ'] },
        },
        filter: {
          kehila_hebrew_prefixes: {
            type: 'pattern_capture',
            preserve_original: true,
            patterns: hebrewPrefixPatterns(MIN_STEM_INDEX),
          },
          kehila_truncate: { type: 'truncate', length: MAX_TOKEN_LENGTH },
          kehila_edge: { type: 'edge_ngram', min_gram: 2, max_gram: MAX_TOKEN_LENGTH, preserve_original: true },
        },
        normalizer: {
          kehila_lowercase: { type: 'custom', char_filter: [], filter: ['lowercase'] },
        },
        analyzer: {
          kehila_index: {
            type: 'custom',
            char_filter: ['kehila_marks', 'kehila_geresh', 'kehila_finals'],
            tokenizer: 'icu_tokenizer',
            filter: ['icu_folding', 'kehila_truncate', 'kehila_hebrew_prefixes'],
          },
          kehila_index_prefix: {
            type: 'custom',
            char_filter: ['kehila_marks', 'kehila_geresh', 'kehila_finals'],
            tokenizer: 'icu_tokenizer',
            filter: ['icu_folding', 'kehila_truncate', 'kehila_hebrew_prefixes', 'kehila_edge'],
          },
          kehila_query: {
            type: 'custom',
            char_filter: ['kehila_marks', 'kehila_geresh', 'kehila_finals'],
            tokenizer: 'icu_tokenizer',
            filter: ['icu_folding', 'kehila_truncate'],
          },
        },
      },
    },
    mappings: {
      dynamic: 'strict',
      properties: {
        community_id: { type: 'keyword' },
        msg_id: {
          type: 'keyword',
          fields: { partial: { type: 'wildcard', normalizer: 'kehila_lowercase' } },
        },
        timestamp: { type: 'date', format: 'strict_date_optional_time||epoch_millis' },
        content: {
          type: 'text',
          analyzer: 'kehila_index',
          search_analyzer: 'kehila_query',
          fields: {
            prefix: { type: 'text', analyzer: 'kehila_index_prefix', search_analyzer: 'kehila_query' },
          },
        },
        has_content: { type: 'boolean' },
        sender_name: { type: 'keyword', normalizer: 'kehila_lowercase' },
        sender_hash: { type: 'keyword', normalizer: 'kehila_lowercase' },
        sender_digits: { type: 'keyword' },
        topic: { type: 'keyword', normalizer: 'kehila_lowercase' },
        urgency: { type: 'keyword' },
        keywords: { type: 'keyword' },
        embedding_version: { type: 'keyword' },
        vector: { type: 'knn_vector', dimension: dimensions, method: KNN_METHOD },
      },
    },
  };
}
