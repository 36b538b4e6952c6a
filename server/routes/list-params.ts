import type { FastifyRequest } from 'fastify';
import { ApiError } from '../core/errors.ts';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, type ListParams } from '../core/records/read.ts';
import { queryString } from '../http/request-info.ts';

const TRUE = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/** Go's strconv.ParseBool, which PocketBase uses for boolean query params. */
export function parseBool(value: string): boolean {
  if (value === '' || FALSE.has(value)) return false;
  if (TRUE.has(value)) return true;
  throw new ApiError(400);
}

function parseInteger(value: string, fallback: number): number {
  if (value === '') return fallback;
  if (!/^[-+]?\d{1,15}$/.test(value)) throw new ApiError(400);
  return Number(value);
}

/** The list query: page/perPage clamped as the contract says, invalid numbers → 400. */
export function parseListParams(request: FastifyRequest): ListParams {
  const page = Math.max(1, parseInteger(queryString(request, 'page'), 1));
  let perPage = parseInteger(queryString(request, 'perPage'), DEFAULT_PER_PAGE);
  if (perPage <= 0) perPage = DEFAULT_PER_PAGE;
  if (perPage > MAX_PER_PAGE) perPage = MAX_PER_PAGE;
  return {
    page,
    perPage,
    sort: queryString(request, 'sort'),
    filter: queryString(request, 'filter'),
    skipTotal: parseBool(queryString(request, 'skipTotal')),
    expand: queryString(request, 'expand'),
  };
}
