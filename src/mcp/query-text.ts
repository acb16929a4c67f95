import type { Query } from '../api/schemas/queries.js';
import { parametersLine } from './query-parameters.js';

/**
 * A saved query in text, what an assistant reasons with (the whole object stays in structuredContent): its name,
 * slug, id, description, last runs, parameters (as update_query takes them), the columns line when known, its SQL.
 */
export function queryText(query: Query, columns?: string): string {
  return [
    `# ${query.name}`,
    '',
    `slug: ${query.slug}`,
    `id: ${query.id}`,
    ...(query.description ? [`description: ${query.description}`] : []),
    `updated: ${query.updatedAt}`,
    ...(query.lastQueryRunId ? [`last run: ${query.lastQueryRunId}`] : []),
    ...(query.lastSuccessfulRunId ? [`last completed run: ${query.lastSuccessfulRunId}`] : []),
    parametersLine(query.parameters),
    ...(columns ? [columns] : []),
    '',
    '```sql',
    query.sql,
    '```',
  ].join('\n');
}
