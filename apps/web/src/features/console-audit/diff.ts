// The compact before/after of an audit entry: one line per field that changed (or appeared).
export interface DiffLine {
  field: string;
  before: string;
  after: string;
}

const show = (value: unknown): string => {
  if (value === undefined) return '—';
  if (value === null) return 'none';
  return typeof value === 'string' ? value : JSON.stringify(value);
};

export function auditDiff(before: Record<string, unknown> | null, after: Record<string, unknown> | null): DiffLine[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter((field) => JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field]))
    .map((field) => ({ field, before: show(before?.[field]), after: show(after?.[field]) }));
}
