// Which Node.js release lines are still supported, for the warning `npm start` and `npm test` print on
// an end-of-life line. Dates from the Node.js release schedule (github.com/nodejs/Release): even lines
// get 30 months of LTS, odd lines about 8 months. Node builtins only (runs before anything is installed).

/** The recommended line: what .nvmrc, the Dockerfile and CI use. */
export const TARGET_NODE_MAJOR = 24;

/** End of life of each release line (UTC dates); lines not listed are newer than this table. */
export const END_OF_LIFE = {
  18: '2025-04-30',
  19: '2023-06-01',
  20: '2026-04-30',
  21: '2024-06-01',
  22: '2027-04-30',
  23: '2025-06-01',
  24: '2028-04-30',
  25: '2026-06-01',
  26: '2029-04-30',
};

/**
 * The warning for a Node version on a given day, or null when its line is supported (or newer than the
 * table). `version` is `process.versions.node` ('20.20.2').
 */
export function endOfLifeWarning(version, today = new Date()) {
  const major = Number(String(version).split('.')[0]);
  const eol = END_OF_LIFE[major];
  if (!eol || today.getTime() < Date.parse(`${eol}T00:00:00Z`)) return null;
  return (
    `Node ${version} reached end of life on ${eol}: it gets no security fixes. ` +
    `Velvet targets Node ${TARGET_NODE_MAJOR} LTS (.nvmrc); install it, e.g. \`nvm install ${TARGET_NODE_MAJOR}\`.`
  );
}
