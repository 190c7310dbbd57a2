import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ExportFileError, readExportFile } from '@kehila/functions/core/imports/archive';
import { IMPORT_TEXTS } from '@kehila/functions/core/imports/limits';

const FIXTURES = join(import.meta.dirname, '../../../../fixtures/exports');

describe('readExportFile', () => {
  it('takes _chat.txt out of the iOS zip and leaves the media alone', () => {
    const zip = readFileSync(join(FIXTURES, 'ios-en-12h.zip'));
    expect(readExportFile(zip)).toBe(readFileSync(join(FIXTURES, 'ios-en-12h.txt'), 'utf8'));
  });

  it('takes the Android chat file out of a zip with media and macOS leftovers', () => {
    const zip = zipSync({
      '__MACOSX/._WhatsApp Chat with Founders.txt': strToU8('resource fork'),
      'WhatsApp Chat with Founders.txt': strToU8('31/12/2023, 21:41 - Dana: hi\n'),
      'IMG-20231231-WA0001.jpg': new Uint8Array([0xff, 0xd8, 0xff, 0xd9]),
      'notes.txt': strToU8('x'),
    });
    expect(readExportFile(zip)).toBe('31/12/2023, 21:41 - Dana: hi\n');
  });

  it('reads a .txt as UTF-8 without its byte order mark', () => {
    expect(readExportFile(Buffer.from('\ufeff31/12/2023, 21:41 - דנה: שלום\n', 'utf8'))).toBe(
      '31/12/2023, 21:41 - דנה: שלום\n',
    );
  });

  it('reads a UTF-16 text file', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('31/12/2023, 21:41 - Dana: hi', 'utf16le')]);
    expect(readExportFile(utf16)).toBe('31/12/2023, 21:41 - Dana: hi');
  });

  it.each([
    ['a zip without a chat', zipSync({ 'IMG-1.jpg': new Uint8Array([1, 2, 3]) }), IMPORT_TEXTS.noChatInZip],
    ['a broken zip', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40, 7)]), IMPORT_TEXTS.badZip],
    ['a binary file', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]), IMPORT_TEXTS.notText],
  ])('refuses %s in plain words', (_name, bytes, message) => {
    expect(() => readExportFile(bytes)).toThrow(new ExportFileError(message));
  });
});
