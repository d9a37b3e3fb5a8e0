export const RECORDS_PAGE_SIZE = 10;
