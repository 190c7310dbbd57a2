// The local queue's journal (docs/decisions/0005-local-queue-journal.md): local-aws-sqs keeps messages
// in memory only, so a crash of `npm start` would lose messages the webhook had already acknowledged.
// Every message a queue takes is appended here before local-aws-sqs answers the sender, every delete
// too, and a restart puts the undeleted ones back (with their ids) before anything can receive.
// Plain JavaScript: it runs in the engine host (engine-process.mjs), which starts without a loader.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** The journal is rewritten once it passes this size and holds four times more than its live messages. */
const COMPACT_MIN_BYTES = 8 * 1024 * 1024;

/** Message fields a queue needs to take a message again (SendMessage's, as local-aws-sqs stores them). */
const MESSAGE_FIELDS = [
  'MessageBody',
  'MessageAttributes',
  'MessageSystemAttributes',
  'MessageGroupId',
  'MessageDeduplicationId',
];

/** @param {Record<string, unknown>} input */
function messageOf(input) {
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const field of MESSAGE_FIELDS) if (input[field] !== undefined) out[field] = input[field];
  return out;
}

/**
 * The message id inside a local-aws-sqs receipt handle (base64 of a UUID followed by JSON naming the
 * message and its queue), or undefined for a handle of another shape.
 * @param {string} handle
 */
function messageIdOf(handle) {
  try {
    const text = Buffer.from(handle, 'base64').toString('utf8');
    const id = JSON.parse(text.slice(text.indexOf('{'))).MessageId;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Replays a journal: the live messages by id, each with its queue and its latest `put` line. A message
 * moved to its dead-letter queue keeps its id, so its later `put` names the new queue.
 * @param {string} path
 * @returns {Map<string, { q: string, line: string }>}
 */
function replay(path) {
  const live = new Map();
  if (!existsSync(path)) return live;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line) continue;
    let op;
    try {
      op = JSON.parse(line);
    } catch {
      // A line cut short by a crash was never acknowledged: its sender got no answer.
      continue;
    }
    if (op.op === 'put') live.set(op.id, { q: op.q, line });
    else if (op.op === 'del') live.delete(op.id);
    else if (op.op === 'clear') for (const [id, e] of live) if (e.q === op.q) live.delete(id);
  }
  return live;
}

/**
 * Writes the live messages to a new journal and moves it over the old one (a crash during the rewrite
 * leaves the old journal whole). Returns the new journal's size in bytes.
 * @param {string} path
 * @param {Map<string, { q: string, line: string }>} live
 */
function rewrite(path, live) {
  const tmp = `${path}.tmp`;
  const fd = openSync(tmp, 'w');
  let size = 0;
  try {
    for (const { line } of live.values()) size += writeSync(fd, `${line}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  return size;
}

/**
 * Opens (or creates) the journal at `path`, compacts it, and returns a hook for a local-aws-sqs
 * service: call `attach(service)` before each request it handles, so every queue it holds is
 * journalled and, the first time a queue is seen, given back the messages the journal still holds for
 * it. Appends are synchronous writes: once SendMessage answers, the message is in the operating
 * system's hands and survives the process being killed (not a power cut: nothing is fsynced per write).
 * @param {string} path
 * @param {{ compactBytes?: number }} [opts]
 */
export function openQueueJournal(path, opts = {}) {
  const compactBytes = opts.compactBytes ?? COMPACT_MIN_BYTES;
  mkdirSync(dirname(path), { recursive: true });
  const live = replay(path);
  let size = rewrite(path, live);
  let liveBytes = size;
  let fd = openSync(path, 'a');
  /** Messages waiting for their queue to be created again, by queue name. */
  const pending = new Map();
  for (const [id, e] of live) {
    const list = pending.get(e.q) ?? [];
    list.push({ id, line: e.line });
    pending.set(e.q, list);
  }
  const seen = new WeakSet();

  /** @param {string} line */
  const append = (line) => {
    size += writeSync(fd, `${line}\n`);
    if (size > compactBytes && size > 4 * liveBytes) {
      closeSync(fd);
      size = rewrite(path, live);
      fd = openSync(path, 'a');
    }
  };
  /** @param {string} id */
  const forget = (id) => {
    const e = live.get(id);
    if (!e) return;
    live.delete(id);
    liveBytes -= Buffer.byteLength(e.line) + 1;
  };

  /** @param {any} queue a local-aws-sqs Queue (its methods are the library's own). */
  const instrument = (queue) => {
    const name = queue.QueueName;
    const setRecord = queue.setRecord;
    const remove = queue.delete.bind(queue);
    const clear = queue.clearRecords.bind(queue);
    // Messages still held for this queue go back first, under their own ids, without a new journal line.
    for (const { id, line } of pending.get(name) ?? []) setRecord(JSON.parse(line).m, id);
    pending.delete(name);

    // SendMessage, SendMessageBatch and the move to a dead-letter queue all come through here.
    queue.setRecord = (/** @type {Record<string, unknown>} */ input, /** @type {string | undefined} */ messageId) => {
      const result = setRecord(input, messageId);
      const id = result.record.MessageId;
      const line = JSON.stringify({ op: 'put', q: name, id, m: messageOf(input) });
      forget(id);
      live.set(id, { q: name, line });
      liveBytes += Buffer.byteLength(line) + 1;
      append(line);
      return result;
    };
    queue.delete = (/** @type {string} */ receiptHandle) => {
      const ok = remove(receiptHandle);
      const id = ok ? messageIdOf(receiptHandle) : undefined;
      // A late delete of a message that has since moved to its dead-letter queue deletes nothing.
      if (id && live.get(id)?.q === name) {
        forget(id);
        append(JSON.stringify({ op: 'del', id }));
      }
      return ok;
    };
    // PurgeQueue and DeleteQueue.
    queue.clearRecords = () => {
      clear();
      const ids = [...live].filter(([, e]) => e.q === name).map(([id]) => id);
      if (ids.length === 0) return;
      for (const id of ids) forget(id);
      append(JSON.stringify({ op: 'clear', q: name }));
    };
  };

  return {
    /**
     * Journals every queue of the service not seen before (queues are created over HTTP, so this runs
     * before each request, ahead of any receive).
     * @param {{ Queues: any[] }} service
     */
    attach(service) {
      for (const queue of service.Queues) {
        if (seen.has(queue)) continue;
        seen.add(queue);
        instrument(queue);
      }
    },
    close() {
      closeSync(fd);
    },
  };
}
