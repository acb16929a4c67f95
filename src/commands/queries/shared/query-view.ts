import { queryFields } from '../../../api/fields.js';
import type { Query } from '../../../api/schemas/queries.js';
import { column, type View } from '../../../output/view.js';

function parameterList(query: Query): string {
  return (query.parameters ?? []).map((p) => (p.defaultValue ? `${p.name ?? '-'}=${p.defaultValue}` : (p.name ?? '-'))).join(', ');
}

export const queryView: View<Query> = {
  fields: queryFields,
  columns: [
    column('ID', 'id', { kind: 'id' }),
    column('SLUG', 'slug', { key: true }),
    column('NAME', 'name', { flex: true }),
    column('LAST RUN', 'lastQueryRun.status', { kind: 'state', value: (q) => q.lastQueryRun?.status }),
    column('UPDATED', 'updatedAt', { kind: 'time' }),
  ],
  detail: (q) => ({
    rows: [
      ['name', q.name],
      ['slug', q.slug],
      ['id', q.id],
      ['description', q.description],
      ['parameters', parameterList(q)],
      ['last run', q.lastQueryRunId],
      ['last successful run', q.lastSuccessfulRunId],
      ['created', q.createdAt, 'time'],
      ['updated', q.updatedAt, 'time'],
    ],
    block: { title: 'sql', text: q.sql },
  }),
};
