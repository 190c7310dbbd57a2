/** Sends a text to a WhatsApp group through the gateway (bot replies, summaries); locally, the outbox. */
export interface WhatsAppSender {
  send(input: { communityId: string; groupId: string; text: string }): Promise<void>;
}
