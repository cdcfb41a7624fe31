import type { ReactNode } from 'react';
import { TableRegion } from 'common/ui/table-region';

export interface AdminTableProps {
  /** The table region's accessible name, e.g. "Users". */
  label: string;
  /** The column headings, left to right. */
  columns: readonly string[];
  /** The body's rows. */
  children: ReactNode;
}

/**
 * A table of the admin panel (users, credit requests, audit events) in its bordered card:
 * the column headings, then the rows. Below 1,024 px each row becomes a stacked card
 * (admin-page.css).
 */
export function AdminTable({ label, columns, children }: AdminTableProps) {
  return (
    <TableRegion label={label} className="admin-users-table">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </TableRegion>
  );
}
