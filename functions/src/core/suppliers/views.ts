import type { SupplierView } from '@kehila/shared';
import type { Access, AuthUser } from '../authz';
import type { StoredSupplier } from '../../data/suppliers';

/** The caller may change a supplier: they added it, or they administer the community (S3 §6); no access is a plain member. */
export function canManageSupplier(s: Pick<StoredSupplier, 'added_by'>, user: AuthUser, access: Access | null): boolean {
  return access?.role === 'Admin' || (s.added_by !== null && s.added_by === user.id);
}

/** A stored supplier as the caller sees it. */
export function supplierView(s: StoredSupplier, user: AuthUser, access: Access | null): SupplierView {
  const { added_by: _addedBy, embedding_version: _v, embedded_hash: _h, ...fields } = s;
  return { ...fields, can_manage: canManageSupplier(s, user, access) };
}

