import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../core/logger';
import { readParticipantList } from '../core/members/group-reconciliation';
import { secretsManager } from '../wiring/cloud/secrets';
import { gatewayWhatsApp } from '../wiring/cloud/whatsapp';
import { sqsRetry } from '../wiring/cloud/queues';
import { processDeps, type Wiring } from '../wiring/deps';
import { eachRecord } from './batch';

/** The group's participant list (the gateway, with its secret) and the sender hash key. */
const wiring: Wiring = { whatsapp: gatewayWhatsApp, secrets: secretsManager };

/**
 * The `participants` queue's worker: reads one connected community's group participant list per
 * record and applies it (core/members/group-reconciliation.ts readParticipantList, the same sync as
 * Refresh from WhatsApp). A community no longer connected, or a deployment without a gateway, is
 * skipped; a failed read fails only its record, retried after an increasing back-off.
 */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const deps = processDeps(wiring);
  return eachRecord(
    'participants',
    event,
    async (job) => {
      const read = await readParticipantList(deps, job.communityId);
      logger.info('group participant list read', { communityId: job.communityId, ...read });
    },
    context,
    sqsRetry(deps.config),
  );
}
