/** Limits of chat-export imports and the words the admin reads when one is hit. */

/** Largest upload accepted (a .txt, or a .zip with or without media). */
export const IMPORT_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Largest chat text unpacked from a .zip (a guard against zip bombs; text compresses ~10x). */
export const IMPORT_MAX_CHAT_TEXT_BYTES = 200 * 1024 * 1024;
/** How long the upload URL stays valid. */
export const IMPORT_UPLOAD_URL_SECONDS = 15 * 60;
/** Unparsed lines kept on the job as examples. */
export const IMPORT_MAX_UNPARSED_EXAMPLES = 10;
/** WhatsApp's own limit on a message's length; longer text in an export was edited by hand. */
export const IMPORT_MAX_TEXT_CHARS = 65_536;
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
  chatTooLarge: 'The chat inside this .zip is larger than 200 MB, more than one import can take.',
  nothingFound: 'No WhatsApp messages were found in this file. Is it a chat export?',
  unexpected: 'The import stopped because of an error on our side. Please try again.',
} as const;
