/**
 * Words of the import dialog that the specs leave to us (the server's own messages are shown as they
 * are). Apart from the dialog's code: the screen's header shows the entry on first paint.
 */
export const IMPORT_TEXTS = {
  entry: 'Import chat export',
  title: 'Import a WhatsApp chat export',
  createFailed: 'The import could not be started. Please try again.',
  uploadFailed: 'The upload failed. Check your connection and try again.',
  uploadTooLarge: 'This file is larger than 50 MB. Export the chat again without media, or upload only its .txt file.',
  pollFailed: 'We lost track of the import. It may still finish: check the messages list in a while.',
  failed: 'The import failed.',
} as const;
