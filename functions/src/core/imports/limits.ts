/** Limits of chat-export imports and the words the admin reads when one is hit. */

/** Largest upload accepted (a .txt, or a .zip with or without media): the storage itself refuses more. */
export const IMPORT_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Largest file unpacked from a .zip (a guard against zip bombs; text compresses ~10x). */
export const IMPORT_MAX_CHAT_TEXT_BYTES = 200 * 1024 * 1024;
/**
 * Highest compression ratio (unpacked / packed) of a file in a .zip. Chat text packs 3-10 to 1 and
 * media hardly at all; a zip bomb packs about 1,000 to 1.
 */
export const IMPORT_MAX_ZIP_RATIO = 100;
/** Files in a .zip smaller than this unpacked are not held to the ratio: small files can pack tightly and do no harm. */
export const IMPORT_ZIP_RATIO_FLOOR_BYTES = 1024 * 1024;
/** How long the upload form stays valid. */
export const IMPORT_UPLOAD_URL_SECONDS = 15 * 60;
/** Unparsed lines kept on the job as examples. */
export const IMPORT_MAX_UNPARSED_EXAMPLES = 10;
/** WhatsApp's own limit on a message's length; longer text in an export was edited by hand. */
export const IMPORT_MAX_TEXT_CHARS = 65_536;
/**
 * What the parser keeps of one message (its lines joined) or of one line: the rest is read and
 * dropped, so a file without line breaks cannot grow the worker's memory. Above the text limit, so
 * a message is cut where it always was (IMPORT_MAX_TEXT_CHARS) and its id does not change.
 */
export const IMPORT_MAX_ENTRY_CHARS = 4 * IMPORT_MAX_TEXT_CHARS;
/** A running import writes its progress at least this often (the job's `updated_at`). */
export const IMPORT_HEARTBEAT_SECONDS = 30;
/**
 * A job queued, parsing or sending whose progress is older than this has no worker any more (it
 * crashed or timed out on its last delivery) and is failed when read. Longer than the import
 * queue's visibility timeout (960 s) plus a heartbeat, the longest a live job goes without a write
 * while SQS waits to redeliver it.
 */
export const IMPORT_STALE_SECONDS = 20 * 60;
/** A worker stops this long before its time limit, saves its place and lets the retry resume. */
export const IMPORT_TIME_MARGIN_SECONDS = 30;
/** The zone the export's times are read in unless the admin says otherwise. */
export const IMPORT_DEFAULT_TIME_ZONE = 'Asia/Jerusalem';

/** Every message of the import flow, in plain words. */
export const IMPORT_TEXTS = {
  wrongType: 'Choose a WhatsApp chat export: the .txt file or the .zip that WhatsApp made.',
  tooLarge: 'This file is larger than 50 MB. Export the chat again without media, or upload only its .txt file.',
  badTimeZone: (tz: string) => `"${tz}" is not a time zone we know. Use a name such as Asia/Jerusalem.`,
  noGroup: "Connect this community's WhatsApp group before importing its chat.",
  notFound: 'Import not found',
  notUploaded: 'We have not received the file yet. Upload it, then start the import.',
  alreadyStarted: 'This import has already started.',
  notWaitingForDateOrder: 'This import is not waiting for the date order.',
  notText: 'This file is not a WhatsApp chat export: it is not text.',
  badZip: 'This .zip file could not be opened. Export the chat again from WhatsApp.',
  noChatInZip: 'There is no chat (.txt) file in this .zip. Export the chat again from WhatsApp.',
  severalChatsInZip:
    'This .zip holds more than one chat (.txt) file. Export one chat at a time, or upload only its .txt file.',
  chatTooLarge: 'The chat inside this .zip is larger than 200 MB, more than one import can take.',
  entryTooLarge:
    'A file inside this .zip is larger than 200 MB unpacked, more than one import can take. Export the chat without media, or upload only its .txt file.',
  zipRatio:
    'This .zip was refused: a file inside it unpacks to more than 100 times its packed size, which WhatsApp exports never do. Export the chat again, or upload only its .txt file.',
  nothingFound: 'No WhatsApp messages were found in this file. Is it a chat export?',
  outOfTime: 'The import took longer than one run allows and was stopped. Please try again.',
  stalled: 'The import stopped and did not resume (the worker running it ended). Please try again.',
  unexpected: 'The import stopped because of an error on our side. Please try again.',
} as const;
