// Writes shared/src/rules/common-passwords.json, the offline list of common passwords the sign-up and
// reset rules refuse (docs/decisions/0006-common-passwords.md), from the frequency-ranked password list
// of the npm package @zxcvbn-ts/language-common (MIT). The package is not a dependency: fetch it once
// with the ordinary client and point this script at its list:
//
//   npm pack @zxcvbn-ts/language-common@4.1.3 && tar xzf zxcvbn-ts-language-common-4.1.3.tgz
//   npx tsx scripts/common-passwords.ts package/src/passwords.json
//
// Kept: the most frequent entries, normalised as the rule compares them (normalizePassword), at least
// PASSWORD_MIN_LENGTH long (shorter ones fail the length rule first), without repeats; written sorted,
// one per line, so the file diffs and compresses well.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PASSWORD_MIN_LENGTH } from '../shared/src/constants';
import { COMMON_PASSWORD_COUNT, normalizePassword } from '../shared/src/rules/passwords';

const source = process.argv[2];
if (!source) {
  console.error('usage: tsx scripts/common-passwords.ts <path to @zxcvbn-ts/language-common/src/passwords.json>');
  process.exit(1);
}
const ranked = JSON.parse(readFileSync(source, 'utf8')) as unknown;
if (!Array.isArray(ranked) || !ranked.every((p) => typeof p === 'string')) {
  throw new Error(`${source} is not a JSON array of strings`);
}
const kept = new Set<string>();
for (const password of ranked) {
  const normalised = normalizePassword(password);
  if (normalised.length < PASSWORD_MIN_LENGTH) continue;
  kept.add(normalised);
  if (kept.size === COMMON_PASSWORD_COUNT) break;
}
if (kept.size < COMMON_PASSWORD_COUNT) throw new Error(`only ${kept.size} passwords in ${source}`);
const sorted = [...kept].sort();
const target = fileURLToPath(new URL('../shared/src/rules/common-passwords.json', import.meta.url));
writeFileSync(target, `[\n${sorted.map((p) => JSON.stringify(p)).join(',\n')}\n]\n`);
console.log(`wrote ${sorted.length} passwords to ${target}`);
