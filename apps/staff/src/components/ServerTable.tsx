import { Paper, Table, type TableProps } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerPage } from '../lib/useServerTable';
import { Pager } from './Pager';
import { QueryState } from './QueryState';

interface ServerTableProps {
  table: {
    list: UseQueryResult<ServerPage<unknown>>;
    page: number;
    pageSize: number;
    setPage(page: number): void;
  };
  /** The header cells. */
  head: ReactNode;
  /** The rows of the page. */
  children: ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** No rows and no filter set; the console's generic "nothing here yet" when left out. */
  empty?: string;
  /** A filter is set, so no rows means "no match" rather than "nothing here yet". */
  filtered?: boolean;
  tableProps?: TableProps;
}

/** A server-paged list: loading, failed, empty or the rows, then the count and the pages. */
export function ServerTable({
  table,
  head,
  children,
  minWidth,
  empty,
  filtered,
  tableProps,
}: ServerTableProps) {
  const { t } = useTranslation();
  const { list, page, pageSize, setPage } = table;
  return (
    <>
      <Paper withBorder>
        <QueryState
          isPending={list.isPending}
          error={list.error}
          retry={() => void list.refetch()}
          empty={
            list.data?.list.length === 0 &&
            (filtered ? t('ui.common.noMatch') : (empty ?? t('ui.common.empty')))
          }
        >
          <Table.ScrollContainer minWidth={minWidth}>
            <Table striped verticalSpacing="sm" {...tableProps}>
              <Table.Thead>
                <Table.Tr>{head}</Table.Tr>
              </Table.Thead>
              <Table.Tbody>{children}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </QueryState>
      </Paper>
      {list.data && list.data.total > 0 && (
        <Pager page={page} pageSize={pageSize} total={list.data.total} onChange={setPage} />
      )}
    </>
  );
}
