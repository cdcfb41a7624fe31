/* A list page's paging: the rows to skip and API.md's `pagination` (the query rules: validation.ts). */

/** A list page's `pagination`: API.md's shape, with `total` the count of every matching row. */
export interface PaginationDto {
  currentPage: number;
  /** ceil(total / limit): 0 when there is nothing. */
  totalPages: number;
  total: number;
  limit: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

export function toPaginationDto(page: number, limit: number, total: number): PaginationDto {
  const totalPages = Math.ceil(total / limit);
  return {
    currentPage: page,
    totalPages,
    total,
    limit,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
  };
}

/** The rows to skip for `page`. */
export function pageOffset(page: number, limit: number): number {
  return (page - 1) * limit;
}

/** The rows one page reads: how many to skip and how many to take. */
export interface PageWindow {
  offset: number;
  limit: number;
}

/** The rows of the query's `page` of `limit` rows. */
export function pageWindow(query: { page: number; limit: number }): PageWindow {
  return { offset: pageOffset(query.page, query.limit), limit: query.limit };
}
