/**
 * What WhatsApp writes into an export besides people's words: 12-hour markers, media placeholders,
 * deleted/edited notes and group events, in English and Hebrew (plus the most common other
 * locales where the wording is short and certain). Matched on text whose invisible marks were
 * already removed.
 */

/** Morning / afternoon markers of 12-hour clocks, before or after the time, by locale. */
const AM_MARKERS = [
  'a.m.',
  'a. m.',
  'am',
  'vorm.',
  'fm',
  'f.m.',
  'π.μ.',
  'πμ',
  'de.',
  'öö',
  'ص',
  '上午',
  '午前',
  '오전',
  'לפנה״צ',
  'לפנה"צ',
  "לפנה''צ",
  'לפני הצהריים',
];
const PM_MARKERS = [
  'p.m.',
  'p. m.',
  'pm',
  'nachm.',
  'em',
  'e.m.',
  'μ.μ.',
  'μμ',
  'du.',
  'ös',
  'م',
  '下午',
  '午後',
  '오후',
  'אחה״צ',
  'אחה"צ',
  "אחה''צ",
  'אחר הצהריים',
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Longest first, so "a. m." wins over "am". */
const alternation = (list: readonly string[]) =>
  [...list]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');

/** Regex source matching any 12-hour marker. */
export const MARKER_SOURCE = alternation([...AM_MARKERS, ...PM_MARKERS]);

const PM_SET = new Set(PM_MARKERS.map((m) => m.toLowerCase()));
const AM_SET = new Set(AM_MARKERS.map((m) => m.toLowerCase()));

/** 'am' or 'pm' for a marker matched by MARKER_SOURCE, null for anything else. */
export function markerHalf(marker: string | undefined): 'am' | 'pm' | null {
  if (!marker) return null;
  const m = marker.toLowerCase().replace(/\s+/g, ' ').trim();
  if (PM_SET.has(m)) return 'pm';
  if (AM_SET.has(m)) return 'am';
  return null;
}

/** The note WhatsApp appends to an edited message. */
const EDITED_SUFFIX =
  /\s*<(?:This message was edited|ההודעה נערכה|הודעה זו נערכה|ההודעה הזו נערכה|Diese Nachricht wurde bearbeitet|Ce message a été modifié|Se editó este mensaje|Mensagem editada|Dit bericht is bewerkt|Questo messaggio è stato modificato)>\s*$/i;

/** Text without the "edited" note. */
export function stripEditedNote(text: string): string {
  return text.replace(EDITED_SUFFIX, '');
}

/** A deleted message: only the note is left, nothing to import (counted with system lines). */
const DELETED =
  /^(?:This message was deleted|You deleted this message|This message was deleted by admin .+|הודעה זו נמחקה|ההודעה נמחקה|ההודעה הזו נמחקה|מחקת את ההודעה הזו|מחקת הודעה זו|ההודעה נמחקה על ידי מנהל.*|Diese Nachricht wurde gelöscht|Du hast diese Nachricht gelöscht|Ce message a été supprimé|Vous avez supprimé ce message|Se eliminó este mensaje|Eliminaste este mensaje|Esta mensagem foi apagada|Você apagou esta mensagem|Waiting for this message\. This may take a while|ממתין להודעה זו.*)\.?$/i;

/** True for the note left by a deleted (or never delivered) message. */
export function isDeletedNote(text: string): boolean {
  return DELETED.test(text.trim());
}

/**
 * Group events that can appear with an author in front (iOS writes the group's name as the
 * author of its events) or that contain ": " inside quotes (a subject change). Only wordings that
 * people do not type as a message of their own are listed.
 */
const EVENT_PATTERNS: readonly RegExp[] = [
  /^Messages and calls are end-to-end encrypted\b/i,
  /^Messages to this group are now secured with end-to-end encryption\b/i,
  /^Your security code with .+ changed\b/i,
  /\bcreated group [“"«].*[”"»]$/i,
  /\bchanged the subject (?:from|to) [“"]/i,
  /\bchanged the group name (?:from|to) [“"]/i,
  /\bchanged this group['’]s (?:icon|settings)\b/i,
  /\b(?:changed|deleted) the group (?:description|icon)\b/i,
  /\bjoined using this group['’]s invite link$/i,
  /\bchanged their phone number to a new number\b/i,
  /\bchanged the settings so\b/i,
  /^You['’]re now an admin$/i,
  /^You joined using this group['’]s invite link$/i,
  /^ההודעות והשיחות מוצפנות מקצה לקצה/,
  /^קוד האבטחה שלך עם .+ השתנה/,
  /יצר\/ה (?:את )?(?:ה)?קבוצה/,
  /שינה\/תה את (?:נושא|שם|סמל|תמונת|תיאור|הגדרות) (?:ה)?קבוצה/,
  /הצטרף\/ה באמצעות (?:ה)?קישור/,
  /(?:הוסיף|הסיר)\/ה את /,
  /^.{1,60} (?:יצא\/ה|עזב\/ה)$/,
  /שינה\/תה את מספר הטלפון/,
];

/** True when a text is one of WhatsApp's own group-event wordings. */
export function isGroupEvent(text: string): boolean {
  const t = text.trim();
  return EVENT_PATTERNS.some((p) => p.test(t));
}

/** A media message and the caption that came with it. */
export interface MediaNote {
  readonly mediaType: string;
  /** The words sent with the media ('' when none). */
  readonly caption: string;
}

/** Kinds of media by WhatsApp's file name prefixes and by extension. */
function mediaTypeOfFile(fileName: string): string {
  const name = fileName.trim();
  const upper = name.toUpperCase();
  if (/(^|-)(PHOTO|IMG)-/.test(upper)) return 'image';
  if (/(^|-)(VIDEO|VID)-/.test(upper)) return 'video';
  if (/(^|-)(PTT|AUDIO|AUD)-/.test(upper)) return 'audio';
  if (/(^|-)(STICKER|STK)-/.test(upper)) return 'sticker';
  if (/(^|-)(GIF)-/.test(upper)) return 'gif';
  const ext = /\.([a-z0-9]{2,5})$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  if (['jpg', 'jpeg', 'png', 'heic', 'heif'].includes(ext)) return 'image';
  if (ext === 'webp') return 'sticker';
  if (ext === 'gif') return 'gif';
  if (['mp4', 'mov', '3gp', 'mkv', 'avi'].includes(ext)) return 'video';
  if (['opus', 'ogg', 'm4a', 'mp3', 'aac', 'amr', 'wav'].includes(ext)) return 'audio';
  if (ext === 'vcf') return 'contact';
  return 'document';
}

/** "<Media omitted>" and its translations: media of an unknown kind exported without the file. */
const MEDIA_OMITTED =
  /^<(?:Media omitted|המדיה לא נכללה|מדיה הושמטה|Medien ausgeschlossen|Médias omis|Multimedia omitido|Mídia oculta|Media weggelaten|Media omessi|Без медиафайлов|Медиафайлы опущены)>\s*([\s\S]*)$/i;
/** iOS: "<attached: 00000012-PHOTO-….jpg>" (export with media). */
const ATTACHED =
  /^<(?:attached|מצורף|adjunto|anexado|Anhang|pièce jointe|allegato|bijlage)\s*:\s*([^>]+)>\s*([\s\S]*)$/i;
/** Android: "IMG-20231231-WA0001.jpg (file attached)" (export with media). */
const FILE_ATTACHED =
  /^(\S(?:[^\n]*?\S)?\.[A-Za-z0-9]{2,5}) \((?:file attached|קובץ מצורף|הקובץ מצורף|archivo adjunto|Datei angehängt|fichier joint|arquivo anexado|file allegato|bestand bijgevoegd)\)\s*([\s\S]*)$/i;
/** iOS without media: "image omitted"; with the iOS mark also "Deck.pdf • 12 pages document omitted". */
const KIND_OMITTED = /^(image|video|audio|sticker|GIF|document|Contact card|video note) omitted$/i;
const KIND_OMITTED_AFTER_NAME = /^[\s\S]*?\s(image|video|audio|sticker|GIF|document|Contact card|video note) omitted$/i;
const KIND_OMITTED_HE: readonly [RegExp, string][] = [
  [/^(?:ה)?תמונה הושמטה$/, 'image'],
  [/^(?:ה)?(?:סרטון|וידאו) הושמט$/, 'video'],
  [/^(?:קובץ )?(?:ה)?(?:שמע|הקלטה) הושמט(?:ה)?$/, 'audio'],
  [/^(?:ה)?מדבקה הושמטה$/, 'sticker'],
  [/^(?:ה-)?GIF הושמט$/, 'gif'],
  [/^(?:[\s\S]*\s)?(?:ה)?מסמך הושמט$/, 'document'],
  [/^כרטיס (?:ה)?איש (?:ה)?קשר הושמט$/, 'contact'],
];
const KIND_NAMES: Record<string, string> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  sticker: 'sticker',
  gif: 'gif',
  document: 'document',
  'contact card': 'contact',
  'video note': 'video',
};
const LOCATION =
  /^(?:location|live location shared|מיקום|מיקום בזמן אמת|Standort|ubicación|localização|position)\s*:\s*https?:\/\/\S+$/i;
const POLL = /^(?:POLL|סקר|UMFRAGE|ENCUESTA|SONDAGE|ENQUETE):\s*\n/i;

/**
 * Recognises a media message: the kind (image, video, audio, sticker, gif, document, contact,
 * location, poll, or `media` when the export does not say) and the caption. Null for text.
 * Locations and polls keep their text, which is what people read. `marked`: the text started with
 * the iOS left-to-right mark, so a file name before "document omitted" is WhatsApp's, not a
 * sentence someone typed.
 */
export function mediaNote(text: string, marked = false): MediaNote | null {
  const t = text.trim();
  let m = MEDIA_OMITTED.exec(t);
  if (m) return { mediaType: 'media', caption: (m[1] ?? '').trim() };
  m = ATTACHED.exec(t);
  if (m) return { mediaType: mediaTypeOfFile(m[1] ?? ''), caption: (m[2] ?? '').trim() };
  m = FILE_ATTACHED.exec(t);
  if (m) return { mediaType: mediaTypeOfFile(m[1] ?? ''), caption: (m[2] ?? '').trim() };
  m = KIND_OMITTED.exec(t) ?? (marked ? KIND_OMITTED_AFTER_NAME.exec(t) : null);
  if (m) return { mediaType: KIND_NAMES[(m[1] ?? '').toLowerCase()] ?? 'media', caption: '' };
  for (const [pattern, kind] of KIND_OMITTED_HE) if (pattern.test(t)) return { mediaType: kind, caption: '' };
  if (LOCATION.test(t)) return { mediaType: 'location', caption: t };
  if (POLL.test(t)) return { mediaType: 'poll', caption: t };
  return null;
}
