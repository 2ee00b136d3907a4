import { pageQuery } from "#content/stored-integer.ts";
import { z } from "zod";
import { storableText } from "#content/storable-text.ts";

/**
 * `?query=&page=` of a searchable list (the inbox, the posts): the search is
 * cleaned as stored text is, so it finds what was typed; pages count from 1.
 */
export const listQuery = (maxQuery = 200) =>
  z.object({
    query: z.string().overwrite(storableText).max(maxQuery, `Keep the search under ${maxQuery} characters.`).optional(),
    page: pageQuery,
  });
