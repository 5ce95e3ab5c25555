// A table of values in a box that scrolls sideways on its own: task outputs and file previews.
import type { ReactNode } from "react";

/** A table of cells, scrollable on its own when wider than the column. */
export function DataTable({
  columns,
  rows,
  label,
  highlight,
  scrollClassName = "table-wrap",
  className,
}: {
  columns: string[];
  rows: ReactNode[][];
  /** names the scrolling region */
  label: string;
  /** cells to mark, as "row,column" */
  highlight?: ReadonlySet<string>;
  /** the scrolling box's class */
  scrollClassName?: string;
  /** the table's class */
  className?: string;
}) {
  return (
    <div className={scrollClassName} tabIndex={0} role="region" aria-label={label}>
      <table className={className}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, index) => (
                <td key={index} className={highlight?.has(`${rowIndex},${index}`) ? "cell-hit" : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
