import { SuppliersPage } from './suppliers-page';

/** The Community Suppliers screen (/suppliers, S3 §2). */
export default function SuppliersRoute() {
  return <SuppliersPage />;
}
