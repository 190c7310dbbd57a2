import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Table from '@cloudscape-design/components/table';

/** One column of a chart's table alternative. */
export interface ChartColumn<T> {
  readonly id: string;
  readonly header: string;
  readonly cell: (row: T) => string | number;
}

/**
 * The table alternative of a chart: the same figures as rows, collapsed under "Show as table", so a
 * screen reader or a narrow screen gets every value.
 */
export function ChartTable<T>({
  label,
  toggle,
  columns,
  rows,
}: {
  label: string;
  toggle: string;
  columns: readonly ChartColumn<T>[];
  rows: readonly T[];
}) {
  return (
    <ExpandableSection headerText={toggle} variant="footer">
      <Table
        variant="embedded"
        ariaLabels={{ tableLabel: label }}
        columnDefinitions={columns.map((c) => ({ id: c.id, header: c.header, cell: c.cell }))}
        items={[...rows]}
        wrapLines
      />
    </ExpandableSection>
  );
}
