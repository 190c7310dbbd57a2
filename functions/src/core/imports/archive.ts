import { unzipSync } from 'fflate';
import { IMPORT_MAX_CHAT_TEXT_BYTES, IMPORT_TEXTS } from './limits';

/** A file that is not a readable WhatsApp export; its message is fit to show the admin. */
export class ExportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportFileError';
  }
}

const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && (b[2] === 3 || b[2] === 5);

/** Text of a chat file: UTF-8 (with or without BOM), or UTF-16 when it starts with a UTF-16 BOM. */
export function decodeChatText(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes).replace(/^\ufeff/, '');
}

/**
 * Which .txt of a zip is the chat: iOS names it `_chat.txt`; Android "WhatsApp Chat with ….txt"
 * (translated in other languages). macOS resource forks (`__MACOSX/`, `._*`) are never it.
 */
function pickChatEntry(names: readonly { name: string; size: number }[]): string | undefined {
  const texts = names.filter((f) => {
    const base = f.name.split('/').pop() ?? '';
    return /\.txt$/i.test(base) && !f.name.startsWith('__MACOSX/') && !base.startsWith('._');
  });
  const chat = texts.find((f) => (f.name.split('/').pop() ?? '') === '_chat.txt');
  if (chat) return chat.name;
  const whatsapp = texts.filter((f) => /whatsapp/i.test(f.name));
  const pool = whatsapp.length > 0 ? whatsapp : texts;
  return [...pool].sort((a, b) => b.size - a.size)[0]?.name;
}

/**
 * The chat text of an uploaded export: the file itself for a .txt, or the chat .txt inside a .zip
 * (media files in the zip are not unpacked). Throws ExportFileError with a plain reason.
 */
export function readExportFile(bytes: Uint8Array): string {
  if (!isZip(bytes)) {
    if (bytes.includes(0) && !(bytes[0] === 0xff || bytes[0] === 0xfe)) throw new ExportFileError(IMPORT_TEXTS.notText);
    return decodeChatText(bytes);
  }
  const listed: { name: string; size: number }[] = [];
  try {
    unzipSync(bytes, {
      filter: (f) => {
        listed.push({ name: f.name, size: f.originalSize });
        return false;
      },
    });
  } catch {
    throw new ExportFileError(IMPORT_TEXTS.badZip);
  }
  const name = pickChatEntry(listed);
  if (!name) throw new ExportFileError(IMPORT_TEXTS.noChatInZip);
  const entry = listed.find((f) => f.name === name);
  if (entry && entry.size > IMPORT_MAX_CHAT_TEXT_BYTES) throw new ExportFileError(IMPORT_TEXTS.chatTooLarge);
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => f.name === name });
  } catch {
    throw new ExportFileError(IMPORT_TEXTS.badZip);
  }
  const chat = files[name];
  if (!chat) throw new ExportFileError(IMPORT_TEXTS.noChatInZip);
  return decodeChatText(chat);
}
