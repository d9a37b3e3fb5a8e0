import '../test/dom';
import { MantineProvider, Table } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { expectCardsNamedByColumns, layOutAt } from '../test/stack';
import { StackTable } from './StackTable';

function Factories() {
  return (
    <MantineProvider env="test">
      <StackTable minWidth={760}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Contact</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td data-stack="main">Chenghai Plastics</Table.Td>
            <Table.Td data-label="Contact">Mr Lin</Table.Td>
            <Table.Td data-label="Phone">+86 754 8888 1234</Table.Td>
            <Table.Td data-stack="actions">
              <button type="button">Edit</button>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </StackTable>
    </MantineProvider>
  );
}

describe('a console table', () => {
  it('stacks its rows as cards of named facts where its columns would not fit (a portrait tablet)', () => {
    layOutAt(734);
    render(<Factories />);
    const table = screen.getByRole('table');
    expectCardsNamedByColumns(table);
    // Still a table: its header row is there for screen readers, its controls in reach.
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Contact',
      'Phone',
      'Actions',
    ]);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('keeps its columns where they fit', () => {
    layOutAt(1186);
    render(<Factories />);
    expect(screen.getByRole('table').hasAttribute('data-stacked')).toBe(false);
  });

  it('stacks too when its columns took more than they were said to need (a long name)', () => {
    layOutAt(990);
    // The columns as laid out: 1013 px in a 990 px frame.
    const taken = vi
      .spyOn(HTMLTableElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ width: 1013 } as DOMRect);
    onTestFinished(() => taken.mockRestore());
    render(<Factories />);
    expect(screen.getByRole('table').hasAttribute('data-stacked')).toBe(true);
  });
});
