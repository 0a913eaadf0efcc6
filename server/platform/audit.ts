import 'server-only';
import { ObjectId } from 'mongodb';
import { pageCountOf, skipFor } from '@/lib/pagination';
import type { PageInfo } from '@/lib/pagination';
import { collection, isDuplicateKey, parseObjectId, withDb } from './db';
import type { AuditLogDocument } from './documents';
import type { User } from '../accounts/users';
import { authorize } from '../accounts/permissions';
import type { Actor } from '../accounts/permissions';

// The audit log: every admin create, update, delete and role change, so admins can see who
// changed what and when. Entries are written after the change succeeded and never edited.

export const AUDIT_PAGE_SIZE = 50;

export type AuditActor = Pick<User, 'id' | 'email'>;
export type AuditAction = AuditLogDocument['action'];
export type AuditEntity = AuditLogDocument['entity'];

export type AuditEntry = {
  id: string;
  actorEmail: string;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  summary: string;
  createdAt: string;
};

export type AuditPage = PageInfo & { items: AuditEntry[] };

type NewAuditEntry = {
  actor: AuditActor;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  summary: string;
  /**
   * For an entry that must be written exactly once however often its step is retried (a refund
   * resumed after a crash): a second write with the same id is a no-op.
   */
  entryId?: ObjectId;
};

export async function recordAudit({ actor, action, entity, entityId, summary, entryId }: NewAuditEntry): Promise<void> {
  const actorId = parseObjectId(actor.id);
  if (!actorId) throw new Error('recordAudit needs the acting user’s id');
  await withDb(async () =>
    (await collection('auditLog')).insertOne({
      _id: entryId ?? new ObjectId(),
      actorId,
      actorEmail: actor.email ?? '',
      action,
      entity,
      entityId,
      // Titles can be long; the log keeps a readable line, not a copy of the record.
      summary: summary.length > 300 ? `${summary.slice(0, 299)}…` : summary,
      createdAt: new Date(),
    }).catch((error: unknown) => {
      if (!(entryId && isDuplicateKey(error))) throw error;
    }),
  );
}

function toEntry(document: AuditLogDocument): AuditEntry {
  return {
    id: document._id.toHexString(),
    actorEmail: document.actorEmail,
    action: document.action,
    entity: document.entity,
    entityId: document.entityId,
    summary: document.summary,
    createdAt: document.createdAt.toISOString(),
  };
}

/** One page of the log, newest first; an out-of-range page gives the last one. */
export async function listAuditLog(actor: Actor, page: number): Promise<AuditPage> {
  authorize(actor, 'viewBusinessRecords');
  return withDb(async () => {
    const log = await collection('auditLog');
    const total = await log.estimatedDocumentCount();
    const pageCount = pageCountOf(total, AUDIT_PAGE_SIZE);
    const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
    const documents = await log
      .find({})
      .sort({ createdAt: -1, _id: -1 })
      .skip(skipFor(current, AUDIT_PAGE_SIZE))
      .limit(AUDIT_PAGE_SIZE)
      .toArray();
    return { items: documents.map(toEntry), page: current, pageCount, total, pageSize: AUDIT_PAGE_SIZE };
  });
}
