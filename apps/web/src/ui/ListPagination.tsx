import { Pagination } from '@mantine/core';

/** Pages of a list: at least 1, so an empty list still shows where it is. */
export const pageCount = (total: number, perPage: number) =>
  Math.max(1, Math.ceil(total / Math.max(1, perPage)));

export interface ListPaginationProps {
  /** Records in the whole list, and how many a page holds. */
  total: number;
  perPage: number;
  page: number;
  onChange: (page: number) => void;
  /** What the pages are of, for screen readers ('Studies pages'). */
  label: string;
}

/** The pages of a list, below it; not shown while the list fits on one page. */
export function ListPagination({ total, perPage, page, onChange, label }: ListPaginationProps) {
  return (
    <Pagination
      mt="md"
      total={pageCount(total, perPage)}
      value={page}
      onChange={onChange}
      hideWithOnePage
      aria-label={label}
    />
  );
}
