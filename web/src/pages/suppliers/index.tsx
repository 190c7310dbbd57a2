import { NotBuiltYet } from '../../components/not-built-yet';

/** Suppliers (S3 suppliers); not built yet. */
export default function SuppliersPage() {
  return <NotBuiltYet screen="Suppliers" />;
}
