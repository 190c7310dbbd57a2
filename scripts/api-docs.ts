// Writes docs/api.md from the contract (shared/src/api). `npm run docs:api`; a unit test fails when
// the file is out of date, so the API reference cannot drift from the code.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderApiDocs } from './api-docs-render';

const target = fileURLToPath(new URL('../docs/api.md', import.meta.url));
writeFileSync(target, renderApiDocs());
console.log(`wrote ${target}`);
