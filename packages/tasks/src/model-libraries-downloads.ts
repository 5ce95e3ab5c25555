/**
 * A download-count rule: a query in the hub's Elasticsearch `query_string` syntax over the fields of
 * a repo file path (`path`, `path_prefix`, `path_extension`, `path_filename`).
 */
export type ElasticSearchQuery = string;
