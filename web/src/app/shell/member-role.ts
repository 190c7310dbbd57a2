import type { Member } from '@kehila/shared';

/** A member's role in the selected community (S1 §6): Admin or Member. */
export type MemberRole = Member['role'];
