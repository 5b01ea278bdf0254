import { fireEvent, render, screen, within } from '@testing-library/react';
import { DataTable, pageCount, type Column } from './DataTable';

interface Visit {
  readonly id: string;
  readonly name: string;
  readonly status: string;
}

const COLUMNS: readonly Column<Visit>[] = [
  { key: 'name', header: 'Name', render: (visit) => visit.name },
  { key: 'status', header: 'Status', render: (visit) => visit.status },
  { key: 'actions', header: 'Actions', render: (visit) => <button type="button">Open {visit.name}</button> },
];

describe('DataTable', () => {
  it('labels every cell with its column, so a row shown as a card on a phone keeps its headings', () => {
    render(
      <DataTable
        caption="Visits"
        columns={COLUMNS}
        rows={[{ id: 'v1', name: 'Ada Obi', status: 'Scheduled' }]}
        rowKey={(visit) => visit.id}
      />,
    );
    const table = screen.getByRole('table', { name: 'Visits' });
    const [, row] = within(table).getAllByRole('row');
    const cells = within(row!).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Name', 'Status', 'Actions']);
    expect(cells[1]).toHaveTextContent('Scheduled');
    expect(within(cells[2]!).getByRole('button', { name: 'Open Ada Obi' })).toBeInTheDocument();
  });

  it('says when there is nothing to show, in one cell without a label', () => {
    render(
      <DataTable
        caption="Visits"
        columns={COLUMNS}
        rows={[]}
        rowKey={(visit) => visit.id}
        emptyMessage="No visits yet"
      />,
    );
    const cell = screen.getByRole('cell', { name: 'No visits yet' });
    expect(cell).toHaveAttribute('colspan', '3');
    expect(cell).not.toHaveAttribute('data-label');
  });

  it('pages through the rows', () => {
    const onPageChange = jest.fn();
    render(
      <DataTable
        caption="Visits"
        columns={COLUMNS}
        rows={[{ id: 'v1', name: 'Ada Obi', status: 'Scheduled' }]}
        rowKey={(visit) => visit.id}
        pagination={{ page: 1, pageSize: 10, total: 25, onPageChange }}
      />,
    );
    const pages = screen.getByRole('navigation', { name: 'Visits pages' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    expect(pageCount(0, 10)).toBe(1);
  });
});
