// The local stack's storage and queue engines (dynalite, local-aws-sqs) in their own process, so they
// use the second core instead of competing with the gateway and the workers. Started by
// engine-host.ts with an IPC channel; plain JavaScript so it starts without a TypeScript loader.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import dynalite from 'dynalite';
import { createRequestHandler } from 'local-aws-sqs';
import { openQueueJournal } from './sqs-journal.mjs';

const listen = (server) =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server.address().port));
  });

const close = (server) =>
  new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });

// The parent decides when to stop (after draining the queues): Ctrl-C reaches this process too.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
// If the parent dies, nothing is left to serve.
process.on('disconnect', () => process.exit(0));

process.once('message', async ({ dynamoPath, sqsJournal }) => {
  try {
    if (dynamoPath) mkdirSync(dynamoPath, { recursive: true });
    const db = dynalite({
      ...(dynamoPath ? { path: dynamoPath } : {}),
      createTableMs: 0,
      deleteTableMs: 0,
      updateTableMs: 0,
    });
    const dynamoPort = await listen(db);
    // local-aws-sqs's own server, built from its request handler so that the journal (when the stack
    // keeps its data) sees each queue before a request reaches it.
    const { service, requestHandler } = createRequestHandler({
      port: 0,
      hostname: '127.0.0.1',
      emulateQueueCreationLifecycle: false,
    });
    const journal = sqsJournal ? openQueueJournal(sqsJournal) : undefined;
    const sqs = createServer((req, res) => {
      journal?.attach(service);
      void requestHandler(req, res);
    });
    const sqsPort = await listen(sqs);
    // Queue URLs carry the port, which is known only now.
    service.PORT = sqsPort;
    process.on('message', async (msg) => {
      if (msg !== 'close') return;
      await Promise.all([close(db), close(sqs)]);
      journal?.close();
      process.send?.('closed', () => process.exit(0));
    });
    process.send?.({ dynamoPort, sqsPort });
  } catch (err) {
    process.send?.({ error: String(err?.stack ?? err) });
    process.exit(1);
  }
});
